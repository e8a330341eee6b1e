import type { Language } from '@app/common/languages';
import type { ReceptionLine } from '@app/common/contracts/receptions';
import { formatDate } from '@app/common/dates';
import { formatFcfa } from '@app/common/money';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { translator } from '../../lib/i18n.js';
import { createA4, pdfBuffer, pdfFileName, sendPdf, type PdfDoc } from '../../lib/pdf/pdf-document.js';
import { drawTableDocument, drawTotals, totalsHeight, type PdfColumn } from '../../lib/pdf/pdf-parts.js';
import { receptionForReceipt } from './receptions.service.js';

const groupFr = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const units = (n: number) => groupFr.format(n).replace(/\u202f/g, '\u00a0');

/**
 * The receipt of a reception (`reception-{id}.pdf`, DECISIONS §8), drawn from the data in the
 * caller's language: the shop, the receipt number, date, depot, supplier, driver and who
 * received, then each article with its quantity and purchase price, and the totals.
 */
async function receiptDocument(db: Db, id: number, request: { actor: Actor; lang: Language }) {
  const { reception, shop, deletedAt } = await receptionForReceipt(db, request.actor, id);
  const t = translator(request.lang);
  const k = (key: string, values?: Record<string, unknown>) => t(`receptions:receipt.${key}`, values);
  const date = (value: string | Date) => formatDate(value, { lang: request.lang, timeZone: shop.timeZone, format: 'dateTime' });
  const driver = reception.chauffeure ? `${reception.chauffeure.nom} (${reception.chauffeure.telephone})` : k('none');
  const lines = [
    k('date', { date: date(reception.dateReception) }),
    k('depot', { depot: reception.depot.libelle }),
    k('supplier', { supplier: reception.fournisseur?.raisonSociale ?? k('none') }),
    k('driver', { driver }),
    k('receivedBy', { user: reception.user.username }),
    ...(deletedAt ? [k('deleted', { date: date(deletedAt) })] : []),
  ];
  const columns: PdfColumn<ReceptionLine & { n: number }>[] = [
    { header: k('number'), width: 0.6, value: (row) => String(row.n) },
    { header: k('article'), width: 4, value: (row) => row.articles.designation },
    { header: k('quantity'), width: 1.2, align: 'right', value: (row) => units(row.nombre) },
    { header: k('unitCost'), width: 1.8, align: 'right', value: (row) => formatFcfa(row.articles.prixAchat, { forPdf: true }) },
    {
      header: k('amount'),
      width: 2,
      align: 'right',
      value: (row) => formatFcfa(row.articles.prixAchat * row.nombre, { forPdf: true }),
    },
  ];
  const rows = reception.article.map((line, index) => ({ ...line, n: index + 1 }));
  const totalUnits = rows.reduce((sum, row) => sum + row.nombre, 0);
  const totalValue = rows.reduce((sum, row) => sum + row.articles.prixAchat * row.nombre, 0);
  const title = k('title', { code: reception.code });
  return {
    name: reception.code,
    doc: createA4({ title }),
    draw: async (doc: PdfDoc) => {
      const y = await drawTableDocument(doc, {
        shop: { nom: shop.nom, adresse: shop.adresse, telephone: shop.telephone },
        heading: { title, lines },
        columns,
        rows,
        rowCount: rows.length,
        footer: (page, pages) => `${reception.code} · ${k('page', { page, pages })}`,
        emptyText: k('empty'),
        reserveAtEnd: totalsHeight(2),
      });
      drawTotals(doc, y, [
        { label: k('totalUnits'), value: units(totalUnits) },
        { label: k('totalValue'), value: formatFcfa(totalValue, { forPdf: true }), bold: true },
      ]);
    },
  };
}

export async function sendReceptionReceipt(db: Db, reply: FastifyReply, id: number, request: { actor: Actor; lang: Language }) {
  const { name, doc, draw } = await receiptDocument(db, id, request);
  return sendPdf(reply, name, draw, doc);
}

/**
 * The receipt whole, as the answer of the create when the old client asks for the PDF: a buffer
 * rather than a stream, so that an `Idempotency-Key` retry gets these bytes back, not a second reception.
 */
export async function receptionReceiptPdf(db: Db, id: number, request: { actor: Actor; lang: Language }) {
  const { name, doc, draw } = await receiptDocument(db, id, request);
  return { fileName: pdfFileName(name), pdf: await pdfBuffer(doc, draw) };
}
