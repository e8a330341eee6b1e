import { formatDate } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { formatFcfa } from '@app/common/money';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';
import { createA4, sendPdf } from '../../lib/pdf/pdf-document.js';
import { drawTableDocument, drawTotals, pageCount, totalsHeight, type PdfColumn } from '../../lib/pdf/pdf-parts.js';
import { findShopOf } from '../shops/shops.service.js';
import { categoryLabel, depotLabel, stockTotals, streamStockLevels, type StockFilter, type StockLevelRow } from './stock-lists.queries.js';

/**
 * The stock prints of seed 001 §7 (by depot and category, in stock, sold out): drawn from the
 * data on request in the caller's language (DECISIONS §8) and streamed, batch after batch, so
 * that 100k entries print without being held in memory.
 */

export type StockPrintKind = 'list' | 'stock' | 'rupture';
export type StockPrintInput = { kind: StockPrintKind; depotId?: number; categoryId?: number; lang: Language };

const TOTAL_LINES = 4;
/** Bytes the document may hold unread before drawing waits for the client to read them. */
const UNREAD_LIMIT = 2 * 1024 * 1024;

export async function printStock(db: Db, ctx: ShopContext, reply: FastifyReply, input: StockPrintInput): Promise<FastifyReply> {
  const t = translator(input.lang);
  const shop = await findShopOf(db, ctx);
  // The filter names only the shop's own depot and category: another shop's is "not found".
  const depot = input.depotId ? await depotLabel(db, ctx.shopId, input.depotId) : t('stock:print.allDepots');
  const category = input.categoryId ? await categoryLabel(db, ctx.shopId, input.categoryId) : t('stock:print.allCategories');
  if (depot === undefined || category === undefined) throw new AppError('NOT_FOUND');

  const filter: StockFilter = {
    view: input.kind === 'list' ? 'all' : input.kind,
    depotId: input.depotId,
    categoryId: input.categoryId,
  };
  const totals = await stockTotals(db, ctx.shopId, filter);
  const printedAt = formatDate(new Date(), { lang: input.lang, timeZone: shop.timeZone, format: 'dateTime' });
  const title = t(`stock:print.title.${input.kind}`);
  const heading = {
    title,
    lines: [t('stock:print.filter', { depot, category }), t('stock:print.printedAt', { date: printedAt }), t('stock:print.amounts')],
  };
  const money = (n: number) => formatFcfa(n, { forPdf: true });
  // Cells carry the amount alone (the heading says FCFA), so that nine columns fit an A4 page.
  const amount = (n: number) => money(n).replace(/\u00a0FCFA$/, '');
  const columns: PdfColumn<StockLevelRow>[] = [
    // Names and labels wrap onto a second line rather than being cut (issue 22 item 14).
    { header: t('stock:columns.designation'), width: 140, wrap: true, value: (r) => r.designation },
    { header: t('stock:columns.category'), width: 56, wrap: true, value: (r) => r.category_libelle ?? '' },
    { header: t('stock:columns.depot'), width: 58, wrap: true, value: (r) => r.depot_libelle },
    { header: t('stock:columns.price'), width: 50, align: 'right', value: (r) => amount(r.price_fcfa) },
    { header: t('stock:print.cost'), width: 59, align: 'right', value: (r) => amount(r.cost_fcfa) },
    { header: t('stock:columns.min'), width: 28, align: 'right', value: (r) => String(r.stock_min) },
    { header: t('stock:columns.in'), width: 36, align: 'right', value: (r) => String(r.qty_in) },
    { header: t('stock:columns.out'), width: 34, align: 'right', value: (r) => String(r.qty_out) },
    { header: t('stock:columns.available'), width: 54, align: 'right', value: (r) => String(r.qty_in - r.qty_out) },
  ];

  const doc = createA4({ title: `${title} - ${shop.nom}` });
  void reply.header('x-page-count', String(pageCount(doc, shop, heading, totals.rows, totalsHeight(TOTAL_LINES))));
  return sendPdf(
    reply,
    `${title}-${shop.nom}`,
    async () => {
      const y = await drawTableDocument(doc, {
        shop: { nom: shop.nom, adresse: shop.adresse, telephone: shop.telephone },
        heading,
        columns,
        rows: paced(doc, streamStockLevels(db, ctx.shopId, filter)),
        rowCount: totals.rows,
        footer: (page, pages) => t('stock:print.page', { page, pages }),
        emptyText: t('stock:print.empty'),
        reserveAtEnd: totalsHeight(TOTAL_LINES),
      });
      drawTotals(doc, y, [
        { label: t('stock:print.totalRows'), value: String(totals.rows) },
        { label: t('stock:print.totalAvailable'), value: String(totals.available) },
        { label: t('stock:print.valueAtCost'), value: money(totals.valueAtCost) },
        { label: t('stock:print.valueAtPrice'), value: money(totals.valueAtPrice), bold: true },
      ]);
    },
    doc,
  );
}

/** Rows from the database, pausing while the client has not read what was already drawn. */
async function* paced<T>(doc: { readableLength: number; destroyed: boolean }, rows: AsyncIterable<T>): AsyncGenerator<T> {
  let n = 0;
  for await (const row of rows) {
    if (++n % 200 === 0) {
      while (doc.readableLength > UNREAD_LIMIT && !doc.destroyed) await new Promise((resolve) => setTimeout(resolve, 5));
      if (doc.destroyed) return;
    }
    yield row;
  }
}
