import type { Shop } from '@app/common/contracts/shops';
import { formatDate } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { formatFcfa } from '@app/common/money';
import type { TFunction } from 'i18next';
import type { QueuedSale, SentSale } from './device-db';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Amounts as on the server's ticket: a no-break space between thousands. */
function money(amount: number): string {
  return formatFcfa(amount).replace(/\u202f/g, '\u00a0');
}

/**
 * The 80 mm ticket of a sale made offline, drawn in the browser (issue 20 item 3). Same layout as
 * the server's ticket (invoice-pdf.service.ts `drawTicket`: shop, address, phone, title, date,
 * client, seller; lines with quantity × price and amount; totals; payments with reference and
 * change; thanks) and the same words (`invoices:pdf.*`), with the provisional reference in place
 * of the number and « À CONFIRMER » / "TO BE CONFIRMED". Once the server recorded it (a sent
 * sale), a reprint carries the real invoice number in the title, without « À CONFIRMER », and the
 * provisional reference still at the foot.
 */
export function offlineTicketHtml(
  entry: QueuedSale | SentSale,
  input: { shop: Pick<Shop, 'nom' | 'adresse' | 'telephone' | 'timeZone'>; seller: string; lang: Language; t: TFunction },
): string {
  const { shop, lang, t } = input;
  const k = (key: string, params?: Record<string, unknown>) => t(`invoices:pdf.${key}`, { lng: lang, ...params });
  const till = (key: string, params?: Record<string, unknown>) => t(`till:${key}`, { lng: lang, ...params });
  const row = (label: string, value: string, bold = false) =>
    `<div class="row${bold ? ' b' : ''}"><span>${escape(label)}</span><span>${escape(value)}</span></div>`;
  const line = (text: string, cls = '') => `<div class="${cls}">${escape(text)}</div>`;
  const codeFac = 'codeFac' in entry ? entry.codeFac : null;
  const number = codeFac ?? entry.refTicket;
  const paid = entry.body.paiements?.reduce((sum, p) => sum + p.montant, 0) ?? 0;
  const linesFcfa = entry.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceFcfa, 0);
  const discountFcfa = typeof entry.body.remise === 'number' ? entry.body.remise : 0;
  const vatFcfa = entry.totalFcfa - (linesFcfa - discountFcfa);
  const applied = Math.min(entry.totalFcfa, paid - entry.changeFcfa);
  const payments = (entry.body.paiements ?? [])
    .map((p) => {
      const parts = [row(t(`cash-desk:methods.${p.methode}`, { lng: lang }), money(p.montant))];
      if (p.reference) parts.push(line(k('reference', { reference: p.reference })));
      return parts.join('');
    })
    .join('');
  const body = [
    `<div class="shop">${escape(shop.nom)}</div>`,
    line(shop.adresse, 'c'),
    line(shop.telephone, 'c'),
    line(till('offline.ticketTitle', { ref: number }), 'c b'),
    ...(codeFac === null ? [`<div class="c confirm" data-testid="ticket-to-confirm">${escape(till('offline.toConfirm'))}</div>`] : []),
    line(k('date', { date: formatDate(entry.createdAt, { lang, timeZone: shop.timeZone, format: 'dateTime' }) })),
    line(k('client', { client: entry.clientName ?? k('noClient') })),
    line(k('seller', { seller: input.seller })),
    '<hr>',
    ...entry.lines.map(
      (l) =>
        `${line(l.designation)}<div class="row"><span class="in">${l.quantity} x ${escape(money(l.unitPriceFcfa))}</span><span>${escape(
          money(l.quantity * l.unitPriceFcfa),
        )}</span></div>`,
    ),
    '<hr>',
    row(k('subtotal'), money(linesFcfa)),
    row(k('discount'), money(discountFcfa)),
    // Shelf prices without VAT (issue 21): the VAT the shared rule added, so that the lines add up to the total.
    ...(vatFcfa > 0 ? [row(k('vatRate'), money(vatFcfa))] : []),
    row(k('total'), money(entry.totalFcfa), true),
    row(k('paid'), money(Math.max(0, applied))),
    row(k('remainder'), money(entry.remainderFcfa), true),
    ...(payments ? ['<hr>', line(k('payments'), 'b'), payments] : []),
    ...(entry.changeFcfa > 0 ? [row(k('change'), money(entry.changeFcfa), true)] : []),
    '<hr>',
    line(till('offline.provisional', { ref: entry.refTicket }), 'c'),
    line(till('offline.device'), 'c small'),
    line(k('thanks'), 'c'),
  ].join('\n');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(till('offline.ticketTitle', { ref: number }))}</title>
<style>
@page { size: 80mm auto; margin: 4mm; }
html { background: #eee; }
body { width: 72mm; margin: 8px auto; padding: 4mm; background: #fff; color: #000; font: 8pt/1.45 Helvetica, Arial, sans-serif; }
@media print { html { background: #fff; } body { margin: 0; padding: 0; } }
.shop { font-weight: bold; font-size: 11pt; text-align: center; margin-bottom: 4px; }
.c { text-align: center; } .b { font-weight: bold; } .small { font-size: 7pt; }
.confirm { font-weight: bold; font-size: 10pt; border: 1.5px solid #000; margin: 4px 0; padding: 2px 0; letter-spacing: 0.05em; }
.row { display: flex; justify-content: space-between; gap: 8px; } .in { padding-left: 8px; }
hr { border: 0; border-top: 1px dashed #000; margin: 5px 0; }
</style></head><body data-testid="offline-ticket">
${body}
</body></html>`;
}
