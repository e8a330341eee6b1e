import { dayRange, todayIn } from '@app/common/dates';
import { ROLE } from '@app/common/roles';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cashRegisters, invoices, payments, shops } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createTestInvoice } from '../../test/cash-factories.js';
import { overlappingWords, pdfWords, wordsPastPage } from '../../test/pdf-words.js';
import { createArticle, tillSaleBody } from '../../test/trading-factories.js';
import { rowsOf } from '../../db/rows.js';
import { actorOf, createDirector, createUser, signIn } from '../../test/factories.js';
import { closingBody } from '@app/common/contracts/closings';
import { closeDay } from './closings.service.js';
import { registerDayTotals } from './closings.queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A shop in Douala (UTC+1, no summer time) with a director, a seller, a cashier, a manager, a keeper and a second register. */
async function shopWorld() {
  const { director, shops: owned, depots } = await createDirector(t.db, { planId: 3 });
  const shop = owned[0]!;
  const depot = depots[0]!;
  await t.db.update(shops).set({ timeZone: 'Africa/Douala' }).where(eq(shops.id, shop.id));
  const user = (role: number) => createUser(t.db, { roles: [role as 4], shopIds: [shop.id], accountId: director.id });
  const [seller, cashier, cashier2, manager, keeper] = await Promise.all(
    [ROLE.seller, ROLE.cashier, ROLE.cashier, ROLE.manager, ROLE.warehouse].map((role) => user(role)),
  );
  const asDirector = as(t.app, await signIn(t.app, director));
  const [main] = await t.db.select().from(cashRegisters).where(eq(cashRegisters.shopId, shop.id));
  const second = (
    await asDirector({ method: 'POST', url: '/api/caisses', payload: { libelle: 'Caisse 2', boutique: shop.id } })
  ).json();
  return {
    shop,
    depot,
    main: main!,
    secondId: second.idCaisse as number,
    asDirector,
    asCashier: as(t.app, await signIn(t.app, cashier!)),
    asCashier2: as(t.app, await signIn(t.app, cashier2!)),
    asSeller: as(t.app, await signIn(t.app, seller!)),
    asManager: as(t.app, await signIn(t.app, manager!)),
    asKeeper: as(t.app, await signIn(t.app, keeper!)),
  };
}

type World = Awaited<ReturnType<typeof shopWorld>>;

/** Pays a new invoice of `total` at the cash desk as the cashier; `at` back-dates the payment (a past day). */
async function pay(
  w: World,
  total: number,
  payment: { montantPaye?: number; montant?: number; methode?: string; reference?: string; caisse?: number },
  at?: string,
) {
  const invoice = await createTestInvoice(t.db, w.depot, { totalFcfa: total });
  const response = await w.asCashier({
    method: 'POST',
    url: '/api/paiements/livre',
    payload: { facture: invoice.id, montantPaye: total, ...payment },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().idPayement as number;
  if (at)
    await t.db
      .update(payments)
      .set({ createdAt: new Date(at) })
      .where(eq(payments.id, id));
  return { invoiceId: invoice.id, paymentId: id };
}

const DAY = '2026-03-10';

describe('cash closing', () => {
  it('computes the day of a register from its payments, in the shop time zone, and closes it once', async () => {
    const w = await shopWorld();
    // 10 000 in cash, 15 000 handed over: 5 000 change.
    const cashSale = await pay(w, 10_000, { montant: 15_000 }, '2026-03-10T08:00:00+01:00');
    // 7 000 in two operators' payments.
    const om = await pay(w, 4_000, { methode: 'orange_money', reference: 'OM-1' }, '2026-03-10T10:00:00+01:00');
    await pay(w, 3_000, { methode: 'wave', reference: 'WV-1' }, '2026-03-10T11:00:00+01:00');
    await pay(w, 2_500, { methode: 'card', reference: 'CB-1' }, '2026-03-10T12:00:00+01:00');
    // Voided by a director: left out.
    const voided = await pay(w, 6_000, {}, '2026-03-10T13:00:00+01:00');
    expect((await w.asDirector({ method: 'DELETE', url: `/api/payements/${voided.paymentId}` })).statusCode).toBe(200);
    // Its invoice deleted afterwards: its payment is voided, left out.
    const deleted = await pay(w, 500, {}, '2026-03-10T14:00:00+01:00');
    expect((await w.asDirector({ method: 'DELETE', url: `/api/factures/${deleted.invoiceId}` })).statusCode).toBe(200);
    // 23:30 in Douala (22:30 UTC): this day; 1 000 change.
    await pay(w, 1_000, { montant: 2_000 }, '2026-03-10T23:30:00+01:00');
    // 00:30 the next day in Douala, yet still 10 March in UTC: the next day.
    await pay(w, 3_000, {}, '2026-03-11T00:30:00+01:00');
    // 23:50 the day before: not this day.
    await pay(w, 800, {}, '2026-03-09T23:50:00+01:00');
    // Same day, another register: not this register's.
    await pay(w, 9_000, { caisse: w.secondId }, '2026-03-10T09:00:00+01:00');

    const preview = await w.asCashier({ method: 'GET', url: `/api/clotures/apercu/${w.main.id}/${DAY}` });
    expect(preview.statusCode, preview.body).toBe(200);
    const byMethod = { cash: 11_000, orange_money: 4_000, wave: 3_000, mtn_momo: 0, moov_money: 0, card: 2_500, cheque: 0 };
    expect(preview.json()).toEqual({
      idCloture: null,
      cloturee: false,
      date: DAY,
      caisse: { idCaisse: w.main.id, libelle: 'Caisse principale' },
      boutique: { idBoutique: w.shop.id },
      parMethode: Object.entries(byMethod).map(([methode, montant]) => ({ methode, montant })),
      nombrePaiements: 5,
      totalEncaisse: 20_500,
      fondDeCaisse: 0,
      especesRecues: 17_000,
      reliquat: 6_000,
      // 0 + 17 000 - 6 000
      especesAttendues: 11_000,
      especesComptees: null,
      ecart: null,
      note: null,
      user: null,
      clotureLe: null,
      // No sale made offline on a closed day was moved to this one.
      ventesEnRetard: { nombre: 0, montant: 0 },
    });

    const body = { caisse: w.main.id, date: DAY, fondDeCaisse: 20_000, montantCompte: 30_500, note: 'Billet abîmé' };
    const closed = await w.asCashier({
      method: 'POST',
      url: '/api/clotures',
      payload: body,
      headers: { 'idempotency-key': 'close-day-0001' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    // Expected 20 000 + 17 000 - 6 000 = 31 000; counted 30 500: 500 short.
    expect(closed.json()).toMatchObject({
      cloturee: true,
      date: DAY,
      nombrePaiements: 5,
      fondDeCaisse: 20_000,
      totalEncaisse: 20_500,
      especesRecues: 17_000,
      reliquat: 6_000,
      especesAttendues: 31_000,
      especesComptees: 30_500,
      ecart: -500,
      note: 'Billet abîmé',
      user: { username: expect.any(String), nom: expect.any(String), prenom: expect.any(String) },
    });
    const closing = closed.json();
    // The trail keeps the register's name, the day and the difference (issue 22 item 15).
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'closing.close'), eq(auditLog.entityId, closing.idCloture)));
    expect(trail).toMatchObject({
      after: { register: expect.any(String), date: DAY, expectedCashFcfa: 31_000, countedCashFcfa: 30_500, differenceFcfa: -500 },
    });

    // The same request again (a retry): the same closing; the key for another day: refused.
    const replay = await w.asCashier({
      method: 'POST',
      url: '/api/clotures',
      payload: body,
      headers: { 'idempotency-key': 'close-day-0001' },
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().idCloture).toBe(closing.idCloture);
    const reused = await w.asCashier({
      method: 'POST',
      url: '/api/clotures',
      payload: { ...body, date: '2026-03-11' },
      headers: { 'idempotency-key': 'close-day-0001' },
    });
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');

    // Closed once: closing again (another key, another cashier, the director) is refused.
    for (const call of [w.asCashier, w.asCashier2, w.asDirector]) {
      const again = await call({
        method: 'POST',
        url: '/api/clotures',
        payload: { ...body, montantCompte: 31_000 },
        headers: { 'accept-language': 'en' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'DAY_CLOSED',
        message: "This register's day is closed: it can no longer be changed.",
      });
    }

    // The preview now shows the stored closing.
    expect((await w.asDirector({ method: 'GET', url: `/api/clotures/apercu/${w.main.id}/${DAY}` })).json()).toEqual(closing);

    // The closed day's payments can no longer be corrected or voided, nor their invoices deleted.
    const fr = { 'accept-language': 'fr' };
    const corrected = await w.asDirector({
      method: 'PUT',
      url: `/api/payements/${om.paymentId}`,
      payload: { montantPaye: 3_000, methode: 'orange_money', reference: 'OM-1' },
      headers: fr,
    });
    expect(corrected.statusCode).toBe(409);
    expect(corrected.json()).toMatchObject({
      code: 'DAY_CLOSED',
      message: 'La journée de cette caisse est clôturée\u00a0: elle ne peut plus être modifiée.',
    });
    expect((await w.asDirector({ method: 'DELETE', url: `/api/payements/${cashSale.paymentId}` })).json().code).toBe(
      'DAY_CLOSED',
    );

    // The next day and the other register are still open.
    const nextDay = (await w.asCashier({ method: 'GET', url: `/api/clotures/apercu/${w.main.id}/2026-03-11` })).json();
    expect(nextDay).toMatchObject({ cloturee: false, totalEncaisse: 3_000, especesAttendues: 3_000 });
    const other = (await w.asCashier({ method: 'GET', url: `/api/clotures/apercu/${w.secondId}/${DAY}` })).json();
    expect(other).toMatchObject({ cloturee: false, totalEncaisse: 9_000 });
  });

  it('deletes an invoice paid on a closed day: its payments stay on that day, refunds count today on their register', async () => {
    const w = await shopWorld();
    const invoice = await createTestInvoice(t.db, w.depot, { totalFcfa: 14_000 });
    const paid = async (payload: Record<string, unknown>, at: string) => {
      const response = await w.asCashier({
        method: 'POST',
        url: '/api/paiements/livre',
        payload: { facture: invoice.id, ...payload },
      });
      expect(response.statusCode, response.body).toBe(201);
      await t.db
        .update(payments)
        .set({ createdAt: new Date(at) })
        .where(eq(payments.id, response.json().idPayement));
      return response.json().idPayement as number;
    };
    // 10 000 in cash (15 000 handed over) and 4 000 by Orange Money on DAY; DAY closed.
    await paid({ montantPaye: 10_000, montant: 15_000 }, `${DAY}T08:00:00+01:00`);
    await paid({ montantPaye: 4_000, methode: 'orange_money', reference: 'OM-9' }, `${DAY}T09:00:00+01:00`);
    const dayOf = async (date: string) =>
      (await w.asDirector({ method: 'GET', url: `/api/clotures/apercu/${w.main.id}/${date}` })).json();
    const closed = await w.asCashier({
      method: 'POST',
      url: '/api/clotures',
      payload: { caisse: w.main.id, date: DAY, montantCompte: 10_000 },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const liveDay = () => registerDayTotals(t.db, w.shop.id, w.main.id, dayRange(DAY, 'Africa/Douala'));
    const dayBefore = await liveDay();
    expect(dayBefore).toEqual({ totalsByMethod: { cash: 10_000, orange_money: 4_000 }, changeGivenFcfa: 5_000, paymentCount: 2 });

    const deleted = await w.asDirector({ method: 'DELETE', url: `/api/factures/${invoice.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The closed day is as it was counted, live and stored.
    expect(await liveDay()).toEqual(dayBefore);
    expect(await dayOf(DAY)).toEqual(closed.json());
    // Today the register gives the money back: 10 000 out of the drawer, 4 000 back by Orange Money.
    const today = todayIn('Africa/Douala');
    expect(await dayOf(today)).toMatchObject({
      cloturee: false,
      parMethode: expect.arrayContaining([
        { methode: 'cash', montant: -10_000 },
        { methode: 'orange_money', montant: -4_000 },
      ]),
      nombrePaiements: 0,
      totalEncaisse: -14_000,
      reliquat: 0,
      especesAttendues: -10_000,
    });
    // The refunds, listed with the payments, marked; the operator's reference kept.
    const listed = await w.asDirector({ method: 'GET', url: `/api/paiement/page/${w.shop.id}/1` });
    expect(listed.statusCode, listed.body).toBe(200);
    const refunds = listed.json().data as {
      montantPaye: number;
      remboursement: boolean;
      reference: string | null;
      methode: string;
    }[];
    expect(refunds.filter((p) => p.remboursement).map((p) => [p.methode, p.montantPaye, p.reference])).toEqual(
      expect.arrayContaining([
        ['cash', -10_000, null],
        ['orange_money', -4_000, 'OM-9'],
      ]),
    );
    // The dashboard's day totals: today 14 000 out, no payment counted; DAY keeps its 2 payments.
    const totals = rowsOf<{ day: string; payments: number; paid: number }>(
      await t.db.execute(
        sql`select to_char(day, 'YYYY-MM-DD') as day, payments::int, paid_fcfa::int as paid from sales_daily_totals where shop_id = ${w.shop.id} order by day`,
      ),
    );
    expect(totals.find((r) => r.day === DAY)).toMatchObject({ payments: 2, paid: 14_000 });
    expect(totals.find((r) => r.day === today)).toMatchObject({ payments: 0, paid: -14_000 });
    // The trail says what was given back; the refund cannot be corrected or voided, nor the invoice deleted twice.
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.delete'), eq(auditLog.entityId, invoice.id)));
    expect(trail!.after).toMatchObject({ voidedPaymentsFcfa: 0, refundedPaymentsFcfa: 14_000 });
    const [refund] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, invoice.id), sql`${payments.refundOf} is not null`));
    expect((await w.asDirector({ method: 'DELETE', url: `/api/payements/${refund!.id}` })).statusCode).toBe(404);
    expect((await w.asDirector({ method: 'DELETE', url: `/api/factures/${invoice.id}` })).statusCode).toBe(404);
  });

  it("refuses to delete an invoice paid on a closed day when today's day of its register is closed too, and writes nothing", async () => {
    const w = await shopWorld();
    const sale = await pay(w, 6_000, {}, `${DAY}T08:00:00+01:00`);
    const today = todayIn('Africa/Douala');
    for (const date of [DAY, today]) {
      const closed = await w.asCashier({
        method: 'POST',
        url: '/api/clotures',
        payload: { caisse: w.main.id, date, montantCompte: 0 },
      });
      expect(closed.statusCode, closed.body).toBe(201);
    }
    const refused = await w.asDirector({
      method: 'DELETE',
      url: `/api/factures/${sale.invoiceId}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'DAY_CLOSED',
      message: 'La journée de cette caisse est clôturée\u00a0: elle ne peut plus être modifiée.',
    });
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, sale.invoiceId));
    expect(rows.map((p) => [p.appliedFcfa, p.voidedAt, p.refundOf])).toEqual([[6_000, null, null]]);
    const [invoice] = await t.db.select({ deletedAt: invoices.deletedAt }).from(invoices).where(eq(invoices.id, sale.invoiceId));
    expect(invoice!.deletedAt).toBeNull();
  });

  it("refuses a payment on a closed day's register, not on another register", async () => {
    const w = await shopWorld();
    await pay(w, 5_000, { montant: 6_000 });
    const today = todayIn('Africa/Douala');
    const closed = await w.asCashier({
      method: 'POST',
      url: '/api/clotures',
      payload: { caisse: { idCaisse: w.main.id }, date: today, montantCompte: 5_000 },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json()).toMatchObject({
      fondDeCaisse: 0,
      especesRecues: 6_000,
      reliquat: 1_000,
      especesAttendues: 5_000,
      ecart: 0,
    });
    // The registers list says which register's day of today is closed (the till says so at once).
    const registers = (await w.asCashier({ method: 'GET', url: `/api/caisses_boutique/${w.shop.id}` })).json() as {
      idCaisse: number;
      clotureeAujourdhui: boolean;
    }[];
    expect(registers.map((r) => [r.idCaisse, r.clotureeAujourdhui])).toEqual([
      [w.main.id, true],
      [w.secondId, false],
    ]);

    const invoice = await createTestInvoice(t.db, w.depot, { totalFcfa: 2_000 });
    for (const [lang, message] of [
      ['en', "This register's day is closed: it can no longer be changed."],
      ['fr', 'La journée de cette caisse est clôturée\u00a0: elle ne peut plus être modifiée.'],
    ] as const) {
      const refused = await w.asCashier({
        method: 'POST',
        url: '/api/paiements/livre',
        payload: { facture: invoice.id, montantPaye: 2_000 },
        headers: { 'accept-language': lang },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'DAY_CLOSED', message });
    }
    // The seller's own payment goes to the default register too: refused as well.
    const own = await createTestInvoice(t.db, w.depot, { totalFcfa: 1_000 });
    expect(
      (
        await w.asDirector({ method: 'POST', url: '/api/paiements/livre', payload: { facture: own.id, montantPaye: 1_000 } })
      ).json().code,
    ).toBe('DAY_CLOSED');
    const elsewhere = await w.asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: { facture: invoice.id, montantPaye: 2_000, caisse: w.secondId },
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('till sales racing the closing of their day are either in its figures or refused with nothing written', async () => {
    const w = await shopWorld();
    const today = todayIn('Africa/Douala');
    const article = await createArticle(t.db, w.depot, { prix: 1_000, quantite: 100 });
    const selling = Array.from({ length: 12 }, (_, i) =>
      w.asCashier({
        method: 'POST',
        url: '/api/ventes',
        payload: tillSaleBody(w, [[article.id, 1 + (i % 3)]], 5_000, { caisse: w.main.id }),
      }),
    );
    const closing = w.asCashier({
      method: 'POST',
      url: '/api/clotures',
      payload: { caisse: w.main.id, date: today, montantCompte: 0 },
    });
    const [closed, ...answers] = await Promise.all([closing, ...selling]);
    expect(closed.statusCode, closed.body).toBe(201);
    const accepted = answers.flatMap((answer, i) => {
      if (answer.statusCode === 201) return [(1 + (i % 3)) * 1_000];
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().code).toBe('DAY_CLOSED');
      return [];
    });
    const stored = await t.db.select().from(payments).where(eq(payments.cashRegisterId, w.main.id));
    expect(stored.map((p) => p.appliedFcfa).sort((a, b) => a - b)).toEqual([...accepted].sort((a, b) => a - b));
    expect(closed.json()).toMatchObject({
      nombrePaiements: accepted.length,
      totalEncaisse: accepted.reduce((sum, a) => sum + a, 0),
    });
    // A refused sale took no stock.
    const [level] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select qty_in - qty_out as n from stock_levels where article_id = ${article.id} and depot_id = ${w.depot.id}`,
      ),
    );
    expect(Number(level!.n)).toBe(100 - accepted.reduce((sum, a) => sum + a / 1_000, 0));
  });

  it('payments racing the closing of their day are either in its figures or refused, never lost from it', async () => {
    const w = await shopWorld();
    const today = todayIn('Africa/Douala');
    const amounts = Array.from({ length: 16 }, (_, i) => 1_000 + i * 100);
    const invoices = [];
    for (const totalFcfa of amounts) invoices.push(await createTestInvoice(t.db, w.depot, { totalFcfa }));
    const paying = invoices.map((invoice, i) =>
      w.asCashier({ method: 'POST', url: '/api/paiements/livre', payload: { facture: invoice.id, montantPaye: amounts[i] } }),
    );
    const closing = w.asCashier({
      method: 'POST',
      url: '/api/clotures',
      payload: { caisse: w.main.id, date: today, montantCompte: 0 },
    });
    const [closed, ...answers] = await Promise.all([closing, ...paying]);
    expect(closed.statusCode, closed.body).toBe(201);
    const accepted = answers.flatMap((answer, i) => {
      if (answer.statusCode === 201) return [amounts[i]!];
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().code).toBe('DAY_CLOSED');
      return [];
    });
    // Every stored payment of the day is counted by the closing; every refused one left no row.
    const stored = await t.db.select().from(payments).where(eq(payments.cashRegisterId, w.main.id));
    const byAmount = (a: number, b: number) => a - b;
    expect(stored.map((p) => p.appliedFcfa).sort(byAmount)).toEqual([...accepted].sort(byAmount));
    expect(closed.json()).toMatchObject({
      nombrePaiements: accepted.length,
      totalEncaisse: accepted.reduce((sum, amount) => sum + amount, 0),
      especesAttendues: accepted.reduce((sum, amount) => sum + amount, 0),
    });
    // After the closing, the day stays closed to late payments.
    const late = await w.asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: { facture: invoices[0]!.id, montantPaye: 1 },
    });
    expect(late.statusCode).toBe(409);
  });

  it('refuses a day that has not begun, and bad input', async () => {
    const w = await shopWorld();
    const en = { 'accept-language': 'en' };
    const future = await w.asCashier({ method: 'GET', url: `/api/clotures/apercu/${w.main.id}/2999-01-01`, headers: en });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({
      code: 'DAY_NOT_STARTED',
      message: 'This day has not begun yet in the shop: it cannot be closed.',
    });
    const closeFuture = await w.asCashier({
      method: 'POST',
      url: '/api/clotures',
      payload: { caisse: w.main.id, date: '2999-01-01', montantCompte: 0 },
    });
    expect(closeFuture.json().code).toBe('DAY_NOT_STARTED');
    expect((await w.asCashier({ method: 'GET', url: `/api/clotures/apercu/${w.main.id}/2026-02-30` })).statusCode).toBe(400);
    for (const payload of [
      { caisse: w.main.id, date: DAY },
      { caisse: w.main.id, date: DAY, montantCompte: -1 },
      { caisse: w.main.id, date: DAY, montantCompte: 10.5 },
      { caisse: w.main.id, date: DAY, montantCompte: 1_000_000_000_001 },
      { caisse: w.main.id, date: 'hier', montantCompte: 0 },
    ]) {
      const response = await w.asCashier({ method: 'POST', url: '/api/clotures', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // A drawer that held a lorry's price in cash is counted as it is (more than 8 digits).
    expect(closingBody.parse({ caisse: w.main.id, date: DAY, montantCompte: 150_000_000 }).montantCompte).toBe(150_000_000);
  });

  it('lists closings (directors all, cashiers their own) and prints them as PDF, ticket and CSV', async () => {
    const NOTE =
      "Un billet de 200 FCFA en trop : un client a payé 4 000 FCFA avec un billet de 5 000 et n'a pas attendu sa monnaie, il repassera demain matin voir Mme Kouamé.";
    const w = await shopWorld();
    await pay(w, 4_000, { montant: 5_000 }, '2026-03-02T09:00:00+01:00');
    const byCashier = (
      await w.asCashier({
        method: 'POST',
        url: '/api/clotures',
        payload: { caisse: w.main.id, date: '2026-03-02', fondDeCaisse: 1_000, montantCompte: 5_200, note: NOTE },
      })
    ).json();
    const byDirector = (
      await w.asDirector({
        method: 'POST',
        url: '/api/clotures',
        payload: { caisse: w.main.id, date: '2026-03-03', montantCompte: 0 },
      })
    ).json();
    expect(byCashier).toMatchObject({ especesAttendues: 5_000, ecart: 200 });

    const all = (await w.asDirector({ method: 'GET', url: `/api/clotures/page/${w.shop.id}/1` })).json();
    expect(all).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(all.data.map((c: { date: string }) => c.date)).toEqual(['2026-03-03', '2026-03-02']);
    const own = (await w.asCashier({ method: 'GET', url: `/api/clotures/page/${w.shop.id}/1` })).json();
    expect(own.data.map((c: { idCloture: number }) => c.idCloture)).toEqual([byCashier.idCloture]);
    expect((await w.asCashier2({ method: 'GET', url: `/api/clotures/page/${w.shop.id}/1` })).json().total).toBe(0);

    expect((await w.asCashier({ method: 'GET', url: `/api/clotures/${byCashier.idCloture}` })).json()).toEqual(byCashier);
    expect((await w.asCashier({ method: 'GET', url: `/api/clotures/${byDirector.idCloture}` })).statusCode).toBe(404);
    expect((await w.asCashier({ method: 'GET', url: `/api/clotures/imprimer/${byDirector.idCloture}` })).statusCode).toBe(404);
    expect((await w.asDirector({ method: 'GET', url: `/api/clotures/${byCashier.idCloture}` })).statusCode).toBe(200);

    // A shop's name longer than the ticket's line wraps whole, and the paper is as long as what it prints.
    await t.db.update(shops).set({ nom: 'Quincaillerie Générale du Plateau et Fils' }).where(eq(shops.id, w.shop.id));
    for (const format of ['a4', 'ticket']) {
      const pdf = await w.asCashier({ method: 'GET', url: `/api/clotures/imprimer/${byCashier.idCloture}?format=${format}` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The note printed whole (it explains the difference), over nothing else.
      expect(
        pdfWords(pdf.rawPayload).map((x) => x.word),
        format,
      ).toContain('Kouamé.');
      if (format === 'ticket') expect(pdfWords(pdf.rawPayload).map((x) => x.word)).toContain('Fils');
      // Who closed it, by name (it printed the username).
      const words = pdfWords(pdf.rawPayload).map((x) => x.word);
      expect(words, format).toContain(byCashier.user.prenom);
      expect(words, format).not.toContain(byCashier.user.username);
      expect(overlappingWords(pdf.rawPayload), format).toEqual([]);
      expect(wordsPastPage(pdf.rawPayload), format).toEqual([]);
    }
    const csvFr = await w.asCashier({
      method: 'GET',
      url: `/api/clotures/csv/${byCashier.idCloture}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(csvFr.headers['content-type']).toContain('text/csv');
    expect(csvFr.body).toContain('Espèces comptées;5200');
    expect(csvFr.body).toContain('Écart;200');
    const csvEn = await w.asCashier({ method: 'GET', url: `/api/clotures/csv/${byCashier.idCloture}?lang=en` });
    expect(csvEn.body).toContain('Expected cash,5000');
    expect(csvEn.body).toContain('Opening float,1000');
  });

  it('refuses other roles (403) and another shop (404)', async () => {
    const w = await shopWorld();
    const closing = (
      await w.asDirector({
        method: 'POST',
        url: '/api/clotures',
        payload: { caisse: w.main.id, date: '2026-03-01', montantCompte: 0 },
      })
    ).json();
    const calls = [
      { method: 'GET' as const, url: `/api/clotures/apercu/${w.main.id}/${DAY}` },
      { method: 'POST' as const, url: '/api/clotures', payload: { caisse: w.main.id, date: DAY, montantCompte: 0 } },
      { method: 'GET' as const, url: `/api/clotures/page/${w.shop.id}/1` },
      { method: 'GET' as const, url: `/api/clotures/imprimer/${closing.idCloture}` },
      { method: 'GET' as const, url: `/api/clotures/csv/${closing.idCloture}` },
    ];
    for (const call of [w.asSeller, w.asManager, w.asKeeper]) {
      for (const request of calls) expect((await call(request)).statusCode, request.url).toBe(403);
    }

    const other = await shopWorld();
    for (const request of [
      calls[0]!,
      calls[1]!,
      calls[3]!,
      calls[4]!,
      { method: 'GET' as const, url: `/api/clotures/${closing.idCloture}` },
    ]) {
      expect((await other.asDirector(request)).statusCode, request.url).toBe(404);
      expect((await other.asCashier(request)).statusCode, request.url).toBe(404);
    }
    expect((await other.asDirector(calls[2]!)).statusCode).toBe(403);
    // Nothing was closed by those attempts.
    expect((await w.asDirector({ method: 'GET', url: `/api/clotures/apercu/${w.main.id}/${DAY}` })).json().cloturee).toBe(false);
  });

  it('a retry with the stored key (the answer lost, even across a restart) gets the same closing, never a second one', async () => {
    const { director, shops: owned } = await createDirector(t.db, { planId: 3 });
    const [register] = await t.db.select().from(cashRegisters).where(eq(cashRegisters.shopId, owned[0]!.id));
    const actor = await actorOf(t.db, director.id);
    const input = closingBody.parse({ caisse: register!.id, date: '2026-02-02', montantCompte: 100 });
    const first = await closeDay(t.db, actor, input, 'stored-key-0001');
    expect(first.replayed).toBe(false);
    const again = await closeDay(t.db, actor, input, 'stored-key-0001');
    expect(again).toEqual({ closing: first.closing, replayed: true });
    await expect(closeDay(t.db, actor, { ...input, date: '2026-02-03' }, 'stored-key-0001')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });
});
