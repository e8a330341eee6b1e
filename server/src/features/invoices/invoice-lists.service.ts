import type { Invoice } from '@app/common/contracts/invoices';
import type { Page } from '@app/common/contracts/paging';
import type { Language } from '@app/common/languages';
import { can } from '@app/common/permissions';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';
import { visibleRecords, type ShopContext } from '../../lib/access.js';
import { toPage } from '../../lib/paging.js';
import { todayIn } from '@app/common/dates';
import { linesOf, listInvoices, shopOf, type InvoiceFilter } from './invoices.queries.js';
import { serializeInvoice } from './invoices.serializer.js';

/**
 * Whose invoices a list shows (DECISIONS §1): `scoped` lists follow RECORD_SCOPES (directors
 * all, sellers and cashiers their own); `own` lists always the caller's; the cash desk
 * (unsettled / settled) shows every invoice to whoever works it (directors, cashiers), the others
 * their own; invoices to deliver are every invoice of the shop (warehouse keepers deliver any).
 */
export type Audience = 'scoped' | 'own' | 'cashDesk' | 'shop';

function authorOf(ctx: ShopContext, audience: Audience): SQL | undefined {
  switch (audience) {
    case 'scoped':
      return visibleRecords(ctx, 'invoices', invoices.userId);
    case 'own':
      return eq(invoices.userId, ctx.userId);
    case 'cashDesk':
      return can(ctx, 'cashDesk:use') ? undefined : visibleRecords(ctx, 'invoices', invoices.userId);
    case 'shop':
      return undefined;
  }
}

export type InvoiceListInput = { filter: InvoiceFilter; audience: Audience; page: number; term?: string | undefined; lang: Language };

export async function pageInvoices(db: Db, ctx: ShopContext, input: InvoiceListInput): Promise<Page<Invoice>> {
  const { rows, total } = await listInvoices(db, ctx.shopId, {
    filter: input.filter,
    author: authorOf(ctx, input.audience),
    term: input.term,
    page: input.page,
  });
  const lines = await linesOf(db, rows.map((r) => r.invoice.id));
  return toPage(
    rows.map((row) => serializeInvoice(row, lines, input.lang)),
    total,
    input.page,
  );
}

/** The non-paged lookups (`/api/factures_boutique*`): the newest 500 at most. */
export async function lookupInvoices(db: Db, ctx: ShopContext, input: Omit<InvoiceListInput, 'page' | 'term'>): Promise<Invoice[]> {
  const { rows } = await listInvoices(db, ctx.shopId, { filter: input.filter, author: authorOf(ctx, input.audience) });
  const lines = await linesOf(db, rows.map((r) => r.invoice.id));
  return rows.map((row) => serializeInvoice(row, lines, input.lang));
}

/** The caller's own sales of today in the shop's time zone, newest first (the till's reprint list). */
export async function todaysOwnSales(db: Db, ctx: ShopContext, lang: Language): Promise<Invoice[]> {
  const shop = await shopOf(db, ctx.shopId);
  const today = todayIn(shop?.timeZone);
  const { rows } = await listInvoices(db, ctx.shopId, { filter: 'notProforma', author: eq(invoices.userId, ctx.userId), limit: 50 });
  // A late sale made today (its register's day closed, counted on the next open day) is one of today's.
  const ofToday = rows.filter((row) => todayIn(shop?.timeZone, row.invoice.lateSoldAt ?? row.invoice.createdAt) === today);
  const lines = await linesOf(db, ofToday.map((row) => row.invoice.id));
  return ofToday.map((row) => serializeInvoice(row, lines, lang));
}
