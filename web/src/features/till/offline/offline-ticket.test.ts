import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { QueuedSale } from './device-db';
import { offlineTicketHtml } from './offline-ticket';

// The words are the catalogue's keys here: the test reads the figures beside them.
const t = ((key: string) => key) as unknown as TFunction;
/** The key and its `ref`, to see which reference a line carries. */
const tWithRef = ((key: string, params?: { ref?: string }) => (params?.ref ? `${key} ${params.ref}` : key)) as unknown as TFunction;
const shop = { nom: 'Boutique Test', adresse: 'Dakar', telephone: '77000000', timeZone: 'Africa/Dakar' };

function entry(totalFcfa: number, lines: { designation: string; quantity: number; unitPriceFcfa: number }[]): QueuedSale {
  const id = '00000000-0000-4000-8000-000000000001';
  return {
    id,
    userId: 1,
    shopId: 2,
    depotId: 3,
    createdAt: '2026-11-26T10:00:00.000Z',
    refTicket: 'T7K2-1',
    body: { id, vendueLe: '2026-11-26T10:00:00.000Z', boutique: 2, depot: 3, lignes: [], paiements: [{ methode: 'cash', montant: totalFcfa }], horsLigne: true, refTicket: 'T7K2-1' },
    lines,
    totalFcfa,
    changeFcfa: 0,
    remainderFcfa: 0,
    clientName: null,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
  };
}

/** The value printed beside a label (a row's two spans), spaces made plain. */
function rowValue(html: string, label: string): string | null {
  const found = new RegExp(`<span>${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</span><span>([^<]*)</span>`).exec(html);
  return found ? found[1]!.replace(/\s/g, ' ') : null;
}

describe('the offline ticket', () => {
  it('shelf prices without VAT: the lines, the VAT the shared rule added, and the total add up', () => {
    // 5 900 at 18 %: VAT 1 062, total 6 962 (as cartAmounts computed it).
    const html = offlineTicketHtml(entry(6_962, [{ designation: 'Riz', quantity: 1, unitPriceFcfa: 5_900 }]), { shop, seller: 'awa', lang: 'fr', t });
    expect(rowValue(html, 'invoices:pdf.subtotal')).toBe('5 900 FCFA');
    expect(rowValue(html, 'invoices:pdf.vatRate')).toBe('1 062 FCFA');
    expect(rowValue(html, 'invoices:pdf.total')).toBe('6 962 FCFA');
  });

  it('prices VAT included: no VAT row, the subtotal is the total', () => {
    const html = offlineTicketHtml(entry(2_500, [{ designation: 'Savon', quantity: 2, unitPriceFcfa: 1_250 }]), { shop, seller: 'awa', lang: 'fr', t });
    expect(rowValue(html, 'invoices:pdf.subtotal')).toBe('2 500 FCFA');
    expect(rowValue(html, 'invoices:pdf.vatRate')).toBeNull();
    expect(rowValue(html, 'invoices:pdf.total')).toBe('2 500 FCFA');
  });

  it('a sale the server recorded: the real number in the title, no « to confirm », the provisional reference at the foot', () => {
    const waiting = entry(2_500, [{ designation: 'Savon', quantity: 2, unitPriceFcfa: 1_250 }]);
    const before = offlineTicketHtml(waiting, { shop, seller: 'awa', lang: 'fr', t: tWithRef });
    expect(before).toContain('ticketTitle T7K2-1');
    expect(before).toContain('ticket-to-confirm');
    const after = offlineTicketHtml({ ...waiting, codeFac: 'FAC-2026-000042', sentAt: 1 }, { shop, seller: 'awa', lang: 'fr', t: tWithRef });
    expect(after).toContain('<title>till:offline.ticketTitle FAC-2026-000042</title>');
    expect(after).not.toContain('ticket-to-confirm');
    expect(after).toContain('till:offline.provisional T7K2-1');
  });
});
