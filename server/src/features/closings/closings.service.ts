import { allMethods, closingFigures } from '@app/common/closings';
import type { Closing, ClosingInput } from '@app/common/contracts/closings';
import type { Page } from '@app/common/contracts/paging';
import { dayRange, todayIn } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import type { PaymentMethod } from '@app/common/payments';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { cashClosings, cashRegisters } from '../../db/schema/index.js';
import { findInMyShops, visibleRecords, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import { translator } from '../../lib/i18n.js';
import { toPage } from '../../lib/paging.js';
import { pdfFileName, sendPdf } from '../../lib/pdf/pdf-document.js';
import { closingCsvRows, closingDocument, type ClosingFormat } from './closings.pdf.js';
import { findStoredOnce } from '../../lib/once.js';
import {
  closingById,
  closingByKey,
  closingOfDay,
  isDayClosedLocked,
  lateSalesOfDay,
  listClosings,
  registerDayTotals,
  shopHeader,
  shopTimeZone,
  type ClosingRow,
} from './closings.queries.js';

type RegisterRow = typeof cashRegisters.$inferSelect;

type LateSales = Closing['ventesEnRetard'];

function serialize(row: ClosingRow, late: LateSales): Closing {
  const { closing } = row;
  const totals = closing.totalsByMethod as Partial<Record<PaymentMethod, number>>;
  const figures = closingFigures({
    openingFloatFcfa: closing.openingFloatFcfa,
    totalsByMethod: totals,
    changeGivenFcfa: closing.changeGivenFcfa,
    countedCashFcfa: closing.countedCashFcfa,
  });
  const parMethode = allMethods(totals);
  return {
    idCloture: closing.id,
    cloturee: true,
    date: closing.businessDate,
    caisse: { idCaisse: row.register.id, libelle: row.register.libelle },
    boutique: { idBoutique: closing.shopId },
    parMethode,
    nombrePaiements: closing.paymentCount,
    totalEncaisse: parMethode.reduce((sum, m) => sum + m.montant, 0),
    fondDeCaisse: closing.openingFloatFcfa,
    especesRecues: figures.cashReceivedFcfa,
    reliquat: closing.changeGivenFcfa,
    // The stored figures, as they were when the day was closed.
    especesAttendues: closing.expectedCashFcfa,
    especesComptees: closing.countedCashFcfa,
    ecart: closing.differenceFcfa,
    note: closing.note,
    user: { idUser: row.user.id, username: row.user.username, nom: row.user.nom, prenom: row.user.prenom },
    clotureLe: closing.closedAt.toISOString(),
    ventesEnRetard: late,
  };
}

/** A closing with its late sales (computed: a closed day gains none, they go to the next open day). */
async function withLate(db: Db, row: ClosingRow): Promise<Closing> {
  const timeZone = await shopTimeZone(db, row.closing.shopId);
  const late = await lateSalesOfDay(db, row.closing.shopId, row.register.id, dayRange(row.closing.businessDate, timeZone));
  return serialize(row, late);
}

/**
 * The register's day as the server computes it from its own payments. Registers belong to the
 * shop, not to a cashier (the data model assigns none; every payment names a register and its
 * author): a cashier of the shop works at any of its registers, and the drawer holds every
 * payment taken on it that day, whoever took it, so the figures are the register's.
 */
function computeDay(db: Db, shopId: number, register: RegisterRow, date: string, timeZone: string) {
  return registerDayTotals(db, shopId, register.id, dayRange(date, timeZone));
}

/** A day that has not begun in the shop's zone has nothing to close. */
function assertDayStarted(date: string, timeZone: string, now: Date): void {
  if (date > todayIn(timeZone, now)) throw new AppError('DAY_NOT_STARTED', { details: [{ field: 'date' }] });
}

/**
 * GET /api/clotures/apercu/{idCaisse}/{date}: the figures of a register's day before closing
 * (opening float 0: it is entered at closing), or the stored closing once the day is closed.
 */
export async function closingPreview(
  db: Db,
  actor: Actor,
  registerId: number,
  date: string,
  now: Date = new Date(),
): Promise<Closing> {
  const { row: register, ctx } = await findInMyShops(db, actor, cashRegisters, registerId);
  const timeZone = await shopTimeZone(db, ctx.shopId);
  assertDayStarted(date, timeZone, now);
  const closed = await closingOfDay(db, ctx.shopId, register.id, date);
  if (closed) return withLate(db, closed);
  const { totalsByMethod, changeGivenFcfa, paymentCount } = await computeDay(db, ctx.shopId, register, date, timeZone);
  const figures = closingFigures({ openingFloatFcfa: 0, totalsByMethod, changeGivenFcfa, countedCashFcfa: null });
  const parMethode = allMethods(totalsByMethod);
  return {
    idCloture: null,
    cloturee: false,
    date,
    caisse: { idCaisse: register.id, libelle: register.libelle },
    boutique: { idBoutique: ctx.shopId },
    parMethode,
    nombrePaiements: paymentCount,
    totalEncaisse: parMethode.reduce((sum, m) => sum + m.montant, 0),
    fondDeCaisse: 0,
    especesRecues: figures.cashReceivedFcfa,
    reliquat: changeGivenFcfa,
    especesAttendues: figures.expectedCashFcfa,
    especesComptees: null,
    ecart: null,
    note: null,
    user: null,
    clotureLe: null,
    ventesEnRetard: await lateSalesOfDay(db, ctx.shopId, register.id, dayRange(date, timeZone)),
  };
}

/**
 * POST /api/clotures: closes a register's day in one transaction. The register row is locked
 * FOR UPDATE first, so payments on it wait (they share-lock it, see `assertDayOpen`) and the
 * figures computed here are final; a day closed already is 409 DAY_CLOSED. The Idempotency-Key
 * is stored with the closing (unique per shop): a retry gets the same closing back.
 */
export async function closeDay(
  db: Db,
  actor: Actor,
  input: ClosingInput,
  idempotencyKey: string | null,
  now: Date = new Date(),
): Promise<{ closing: Closing; replayed: boolean }> {
  const { shopId, closingId, replayed } = await db.transaction(async (tx) => {
    const { row: register, ctx } = await findInMyShops(tx, actor, cashRegisters, input.caisse, { lock: true });
    const previous = await findStoredOnce(tx, { kind: 'closing', shopId: ctx.shopId, key: idempotencyKey }, (key) => closingByKey(tx, ctx.shopId, key));
    if (previous) {
      if (previous.cashRegisterId !== register.id || previous.businessDate !== input.date) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return { shopId: ctx.shopId, closingId: previous.id, replayed: true };
    }
    const timeZone = await shopTimeZone(tx, ctx.shopId);
    assertDayStarted(input.date, timeZone, now);
    if (await closingOfDay(tx, ctx.shopId, register.id, input.date)) throw new AppError('DAY_CLOSED');
    const { totalsByMethod, changeGivenFcfa, paymentCount } = await computeDay(
      tx,
      ctx.shopId,
      register,
      input.date,
      timeZone,
    );
    const figures = closingFigures({
      openingFloatFcfa: input.fondDeCaisse,
      totalsByMethod,
      changeGivenFcfa,
      countedCashFcfa: input.montantCompte,
    });
    const [row] = await tx
      .insert(cashClosings)
      .values({
        shopId: ctx.shopId,
        cashRegisterId: register.id,
        businessDate: input.date,
        openingFloatFcfa: input.fondDeCaisse,
        totalsByMethod,
        changeGivenFcfa,
        paymentCount,
        expectedCashFcfa: figures.expectedCashFcfa,
        countedCashFcfa: input.montantCompte,
        differenceFcfa: figures.differenceFcfa ?? 0,
        note: input.note,
        userId: ctx.userId,
        closedAt: now,
        idempotencyKey,
      })
      .returning({ id: cashClosings.id });
    // The trail in readable words (issue 22 item 15): the register's name, the day and the money, with the difference.
    await writeAudit(tx, {
      shopId: ctx.shopId,
      userId: ctx.userId,
      action: 'closing.close',
      entity: 'closing',
      entityId: row!.id,
      before: null,
      after: {
        register: register.libelle,
        date: input.date,
        expectedCashFcfa: figures.expectedCashFcfa,
        countedCashFcfa: input.montantCompte,
        differenceFcfa: figures.differenceFcfa ?? 0,
      },
    });
    return { shopId: ctx.shopId, closingId: row!.id, replayed: false };
  });
  const row = await closingById(db, shopId, closingId);
  if (!row) throw new AppError('NOT_FOUND');
  return { closing: await withLate(db, row), replayed };
}

/** Closings of the shop: directors every one, cashiers those they closed (RECORD_SCOPES.closings). */
export async function pageClosings(db: Db, ctx: ShopContext, page: number): Promise<Page<Closing>> {
  const author = visibleRecords(ctx, 'closings', cashClosings.userId);
  const { rows, total } = await listClosings(db, ctx.shopId, { author, page });
  return toPage(await Promise.all(rows.map((row) => withLate(db, row))), total, page);
}

/** A closing the caller may see: of one of their shops, and their own unless they see all. */
export async function findMyClosing(db: Db, actor: Actor, id: number): Promise<{ row: ClosingRow; ctx: ShopContext }> {
  const { ctx } = await findInMyShops(db, actor, cashClosings, id);
  const row = await closingById(db, ctx.shopId, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (visibleRecords(ctx, 'closings', cashClosings.userId) !== undefined && row.closing.userId !== ctx.userId) {
    throw new AppError('NOT_FOUND');
  }
  return { row, ctx };
}

export async function myClosing(db: Db, actor: Actor, id: number): Promise<Closing> {
  return withLate(db, (await findMyClosing(db, actor, id)).row);
}

/**
 * Refuses (409 DAY_CLOSED) a payment written on a register whose day, in the shop's zone, is
 * closed: a new payment (`at` = now), or a director's correction or void of an old one (`at` =
 * when it was taken). Call inside the payment's transaction: the register stays share-locked
 * until it commits, so a closing of that day waits for it.
 */
export async function assertDayOpen(tx: Db, shopId: number, registerId: number, at: Date): Promise<void> {
  const date = todayIn(await shopTimeZone(tx, shopId), at);
  if (await isDayClosedLocked(tx, shopId, registerId, date)) throw new AppError('DAY_CLOSED');
}

/** Whether a register's day (`YYYY-MM-DD` in the shop's zone) is closed; the register share-locked as `assertDayOpen` does. */
export function isRegisterDayClosed(tx: Db, shopId: number, registerId: number, date: string): Promise<boolean> {
  return isDayClosedLocked(tx, shopId, registerId, date);
}

/** GET /api/clotures/imprimer/{idCloture}: the closing as an A4 PDF or an 80 mm ticket, in the caller's language. */
export async function sendClosingPdf(
  db: Db,
  reply: FastifyReply,
  actor: Actor,
  id: number,
  options: { lang: Language; format: ClosingFormat },
): Promise<FastifyReply> {
  const { row, ctx } = await findMyClosing(db, actor, id);
  const closing = await withLate(db, row);
  const shop = await shopHeader(db, ctx.shopId);
  const { doc, draw } = closingDocument(closing, { shop, lang: options.lang, format: options.format });
  const name = `${translator(options.lang)('document.fileName', { ns: 'closings' })}-${closing.caisse.libelle}-${closing.date}`;
  return sendPdf(reply, options.format === 'ticket' ? `${name}-ticket` : name, draw, doc);
}

/** GET /api/clotures/csv/{idCloture}: the closing as CSV (UTF-8 with a BOM, `;` in French like the report). */
export async function sendClosingCsv(
  db: Db,
  reply: FastifyReply,
  actor: Actor,
  id: number,
  lang: Language,
): Promise<FastifyReply> {
  const closing = await withLate(db, (await findMyClosing(db, actor, id)).row);
  const csv = stringify(closingCsvRows(closing, lang), { bom: true, delimiter: lang === 'fr' ? ';' : ',' });
  const name = pdfFileName(
    `${translator(lang)('document.fileName', { ns: 'closings' })}-${closing.caisse.libelle}-${closing.date}`,
  ).replace(/\.pdf$/, '.csv');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
