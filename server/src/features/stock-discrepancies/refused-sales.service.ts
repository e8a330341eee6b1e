import type { Page } from '@app/common/contracts/paging';
import type { RefusedSale, RefusedSaleReport } from '@app/common/contracts/stock-discrepancies';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { refusedSales, users } from '../../db/schema/index.js';
import type { Actor, ShopContext } from '../../lib/access.js';
import { findInMyShops } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { pageWindow, toPage } from '../../lib/paging.js';

/**
 * Sales refused for good when a device sent them from its offline queue (DECISIONS §13, issue 20
 * item 5). The device keeps its copy with the reason; it also reports it here, once per sale id,
 * so that the shop's managers see it on their review screen and can mark it handled. A report
 * records nothing in the books: it is what the device says it charged, to be settled by hand.
 */

const seller = alias(users, 'seller');
const handler = alias(users, 'handler');

type Row = typeof refusedSales.$inferSelect;

type Person = { id: number; username: string; nom: string; prenom: string };

function answerOf(row: Row, by: Person, handledBy: Person | null): RefusedSale {
  return {
    idRefus: row.id,
    idVente: row.saleId,
    refTicket: row.ticketRef,
    vendueLe: row.soldAt.toISOString(),
    montant: row.totalFcfa,
    code: row.reasonCode,
    message: row.reasonMessage,
    lignes: row.lines,
    user: { idUser: by.id, username: by.username, nom: by.nom, prenom: by.prenom },
    signaleLe: row.reportedAt.toISOString(),
    traiteLe: row.handledAt?.toISOString() ?? null,
    traitePar: handledBy ? { idUser: handledBy.id, username: handledBy.username, nom: handledBy.nom, prenom: handledBy.prenom } : null,
  };
}

/** The refused sales with their seller and handler: the one query that reads them, one or a page. */
function selectRefusedSales(db: Db) {
  return db
    .select({
      r: refusedSales,
      by: { id: seller.id, username: seller.username, nom: seller.nom, prenom: seller.prenom },
      handledBy: { id: handler.id, username: handler.username, nom: handler.nom, prenom: handler.prenom },
    })
    .from(refusedSales)
    .innerJoin(seller, eq(seller.id, refusedSales.userId))
    .leftJoin(handler, eq(handler.id, refusedSales.handledBy))
    .$dynamic();
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectRefusedSales>['execute']>>[number];

function answerOfSelected(row: SelectedRow): RefusedSale {
  return answerOf(row.r, row.by, row.handledBy?.id ? row.handledBy : null);
}

async function oneRefusedSale(db: Db, where: SQL | undefined): Promise<RefusedSale | null> {
  const [found] = await selectRefusedSales(db).where(where);
  return found ? answerOfSelected(found) : null;
}

/**
 * POST /api/ventes/refusees: the device's report of a refused sale. Once per sale id in the shop:
 * a second report answers the first one (replayed), whoever sends it.
 */
export async function reportRefusedSale(db: Db, ctx: ShopContext, report: RefusedSaleReport): Promise<{ refused: RefusedSale; replayed: boolean }> {
  const inserted = await db
    .insert(refusedSales)
    .values({
      shopId: ctx.shopId,
      saleId: report.id.toLowerCase(),
      userId: ctx.userId,
      ticketRef: report.refTicket,
      soldAt: new Date(report.vendueLe),
      totalFcfa: report.montant,
      reasonCode: report.code,
      reasonMessage: report.message,
      lines: report.lignes,
    })
    .onConflictDoNothing({ target: [refusedSales.shopId, refusedSales.saleId] })
    .returning({ id: refusedSales.id });
  const refused = await oneRefusedSale(db, and(eq(refusedSales.shopId, ctx.shopId), eq(refusedSales.saleId, report.id.toLowerCase())));
  if (!refused) throw new AppError('NOT_FOUND');
  return { refused, replayed: inserted.length === 0 };
}

/** GET /api/ecarts/refus/boutique/{b}/{p}: the shop's refused sales, those to handle first, newest first. */
export async function pageRefusedSales(db: Db, ctx: ShopContext, page: number): Promise<Page<RefusedSale>> {
  const where = eq(refusedSales.shopId, ctx.shopId);
  const { limit, offset } = pageWindow(page);
  const [rows, [count]] = await Promise.all([
    selectRefusedSales(db)
      .where(where)
      .orderBy(sql`${refusedSales.handledAt} is not null`, desc(refusedSales.reportedAt), desc(refusedSales.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(refusedSales).where(where),
  ]);
  return toPage(rows.map(answerOfSelected), count?.n ?? 0, page);
}

/** The refused sale addressed by its id, in one of the caller's shops; another shop's is NOT_FOUND. */
export function findMyRefusedSale(db: Db, actor: Actor, id: number) {
  return findInMyShops(db, actor, refusedSales, id);
}

export type FoundRefusedSale = Awaited<ReturnType<typeof findMyRefusedSale>>;

/**
 * PUT /api/ecarts/refus/{idRefus}/traite: a manager marks it handled (once; again answers it as it
 * is). `found` is what the route's `config.record` already loaded for the caller (another shop's
 * record was NOT_FOUND there): it is not looked up again.
 */
export async function markRefusedSaleHandled(db: Db, found: FoundRefusedSale): Promise<RefusedSale> {
  const { row, ctx } = found;
  if (row.handledAt === null) {
    await db
      .update(refusedSales)
      .set({ handledAt: new Date(), handledBy: ctx.userId })
      .where(and(eq(refusedSales.id, row.id), eq(refusedSales.shopId, row.shopId), isNull(refusedSales.handledAt)));
  }
  // Read back with the names (and whoever handled it first if another manager was quicker).
  const refused = await oneRefusedSale(db, and(eq(refusedSales.id, row.id), eq(refusedSales.shopId, row.shopId)));
  if (!refused) throw new AppError('NOT_FOUND');
  return refused;
}
