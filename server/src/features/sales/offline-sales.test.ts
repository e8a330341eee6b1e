import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../bench/generate.js';
import { cashRegisters, invoices, issuedDocuments, payments, stockDiscrepancies } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { ROLE } from '@app/common/roles';
import { createDepot, createDirector, createUser, signIn } from '../../test/factories.js';
import { availableStock, createArticle } from '../../test/trading-factories.js';

// What the server does with a sale made offline when the device's queue sends it (DECISIONS §13,
// issue 20): exactly once, numbered in recording order, short stock recorded as a discrepancy, a
// closed day's sale moved to the next open day, the charged price kept and flagged.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Call = ReturnType<typeof as>;
const DAY_MS = 24 * 3_600_000;

/** A shop (time zone Africa/Abidjan, UTC) with three articles (1 000, 2 500, 750 FCFA) and its director's call. */
async function till(quantities: [number, number, number] = [10, 10, 10]) {
  const { director, shops, depots } = await createDirector(t.db, { planId: 4, counts: { shops: 2, depots: 3, users: 20 } });
  const shop = shops[0]!;
  const depot = depots.find((d) => d.shopId === shop.id)!;
  const a = await createArticle(t.db, depot, { prix: 1000, prixAchat: 600, quantite: quantities[0] });
  const b = await createArticle(t.db, depot, { prix: 2500, prixAchat: 1500, quantite: quantities[1] });
  const c = await createArticle(t.db, depot, { prix: 750, prixAchat: 400, quantite: quantities[2] });
  const call = as(t.app, await signIn(t.app, director));
  return { shop, depots, depot, articles: [a!, b!, c!] as const, call };
}
type Till = Awaited<ReturnType<typeof till>>;

let ticketCounter = 0;
/** An offline sale as the device's queue sends it: its id, device time, horsLigne and provisional reference. */
function offline(w: Till, overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    vendueLe: new Date().toISOString(),
    boutique: w.shop.id,
    depot: w.depot.id,
    horsLigne: true,
    refTicket: `T7K2-${++ticketCounter}`,
    lignes: [{ article: w.articles[0].id, quantite: 1, prix: 1000 }],
    paiements: [{ methode: 'cash', montant: 1000 }],
    ...overrides,
  };
}

const sell = (call: Call, payload: unknown) => call({ method: 'POST', url: '/api/ventes', payload: payload as object });

async function invoicesOf(shopId: number) {
  return t.db.select().from(invoices).where(eq(invoices.shopId, shopId)).orderBy(asc(invoices.number));
}

async function defaultRegister(shopId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: cashRegisters.id })
    .from(cashRegisters)
    .where(and(eq(cashRegisters.shopId, shopId), eq(cashRegisters.isDefault, true)));
  if (row) return row.id;
  const [made] = await t.db.insert(cashRegisters).values({ shopId, libelle: 'Caisse principale', isDefault: true }).returning();
  return made!.id;
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('a queue of offline sales reaching the server', () => {
  it('200 sales sent in order then again shuffled: 200 invoices, gapless numbers in recording order, stock and ledger adding up', async () => {
    const w = await till([1000, 1000, 1000]);
    const start = Date.now() - 3_600_000;
    const sales = Array.from({ length: 200 }, (_, i) =>
      offline(w, {
        vendueLe: new Date(start + i * 1000).toISOString(),
        lignes: [
          { article: w.articles[0].id, quantite: 1 + (i % 3), prix: 1000 },
          ...(i % 2 === 0 ? [{ article: w.articles[2].id, quantite: 2, prix: 750 }] : []),
        ],
        paiements: [{ methode: 'cash', montant: 10_000 }],
      }),
    );
    const first: unknown[] = [];
    for (const sale of sales) {
      const response = await sell(w.call, sale);
      expect(response.statusCode, response.body).toBe(201);
      first.push(response.json());
    }
    // The device resends the whole queue (it never heard the answers), shuffled, two at a time.
    const again = shuffled(sales.map((sale, i) => ({ sale, i })));
    for (let k = 0; k < again.length; k += 2) {
      const pair = again.slice(k, k + 2);
      const answers = await Promise.all(pair.map(({ sale }) => sell(w.call, sale)));
      answers.forEach((response, n) => {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual(first[pair[n]!.i]);
      });
    }
    const rows = await invoicesOf(w.shop.id);
    expect(rows).toHaveLength(200);
    // Numbered in the order the server recorded them: the queue's order.
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(rows.map((r) => r.idempotencyKey)).toEqual(sales.map((s) => s.id));
    expect(rows.map((r) => r.ticketRef)).toEqual(sales.map((s) => s.refTicket));
    const soldA = sales.reduce((n, _, i) => n + 1 + (i % 3), 0);
    expect(await availableStock(t.db, w.articles[0].id, w.depot.id)).toBe(1000 - soldA);
    expect(await availableStock(t.db, w.articles[2].id, w.depot.id)).toBe(1000 - 100 * 2);
    expect(await checkInvariants(t.db)).toEqual([]);
  }, 120_000);

  it('keeps refTicket on the invoice, in its answers, its printed document and the invoice list search', async () => {
    const w = await till();
    const body = offline(w, { refTicket: 'AB12-000777' });
    const created = await sell(w.call, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ refTicket: 'AB12-000777', enRetard: false, vendueLe: body.vendueLe });
    const id = created.json().idFacture;
    const detail = await w.call({ method: 'GET', url: `/api/factures/commande/detail/${id}` });
    expect(detail.json()).toMatchObject({ idFacture: id, refTicket: 'AB12-000777' });
    const found = await w.call({ method: 'GET', url: `/api/facture/boutique/search/page/${w.shop.id}/1/AB12-000777` });
    expect(found.json()).toMatchObject({ total: 1, data: [{ idFacture: id, refTicket: 'AB12-000777' }] });
    const cashDesk = await w.call({ method: 'GET', url: `/api/facture/boutique/solde/search/page/${w.shop.id}/1/000777` });
    expect(cashDesk.json()).toMatchObject({ total: 1, data: [{ idFacture: id }] });
    // Its issued invoice and ticket name the provisional reference the customer holds.
    for (const format of ['a4', 'ticket']) {
      const pdf = await w.call({ method: 'GET', url: `/api/downloadFile/facture-${id}.pdf?format=${format}` });
      const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload, encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text, format).toContain('Vendu hors ligne, ticket provisoire : AB12-000777');
    }
    // An online sale has none.
    const online = await sell(w.call, { ...offline(w), horsLigne: false, refTicket: null, lignes: [{ article: w.articles[0].id, quantite: 1 }] });
    expect(online.statusCode, online.body).toBe(201);
    expect(online.json()).toMatchObject({ refTicket: null, enRetard: false });
  });

  it('a sale recorded online whose answer was lost, queued with a provisional reference and sent again: recorded once, and it takes that reference', async () => {
    const w = await till();
    const before = await availableStock(t.db, w.articles[0].id, w.depot.id);
    const id = randomUUID();
    const first = await sell(w.call, { ...offline(w, { id }), horsLigne: false, refTicket: null, lignes: [{ article: w.articles[0].id, quantite: 1 }] });
    expect(first.statusCode, first.body).toBe(201);
    // The device never saw that answer: its queue sends the sale as made offline, with the ticket's reference.
    const again = await sell(w.call, offline(w, { id, refTicket: 'LOST-000001' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ idFacture: first.json().idFacture, codeFac: first.json().codeFac, refTicket: 'LOST-000001' });
    expect(await invoicesOf(w.shop.id)).toHaveLength(1);
    expect(await availableStock(t.db, w.articles[0].id, w.depot.id)).toBe(before! - 1);
    // The customer's ticket finds it.
    const found = await w.call({ method: 'GET', url: `/api/facture/boutique/search/page/${w.shop.id}/1/LOST-000001` });
    expect(found.json()).toMatchObject({ total: 1, data: [{ idFacture: first.json().idFacture }] });
    // Sent once more with another reference: it keeps the first.
    const third = await sell(w.call, offline(w, { id, refTicket: 'LOST-000002' }));
    expect(third.json()).toMatchObject({ refTicket: 'LOST-000001' });
    // A reference another sale holds is not taken twice.
    const other = await sell(w.call, offline(w, { refTicket: 'HELD-000001' }));
    expect(other.statusCode, other.body).toBe(201);
    const id2 = randomUUID();
    expect((await sell(w.call, { ...offline(w, { id: id2 }), horsLigne: false, refTicket: null, lignes: [{ article: w.articles[0].id, quantite: 1 }] })).statusCode).toBe(201);
    const clash = await sell(w.call, offline(w, { id: id2, refTicket: 'HELD-000001' }));
    expect(clash.statusCode, clash.body).toBe(200);
    expect(clash.json()).toMatchObject({ refTicket: null });
  });
});

describe('short stock at sync', () => {
  it('records the sale in full, takes what is available (0 left) and lists the shortfall; online still refuses', async () => {
    const w = await till([2, 10, 10]);
    const online = await sell(w.call, {
      ...offline(w),
      horsLigne: false,
      refTicket: null,
      lignes: [{ article: w.articles[0].id, quantite: 5 }],
      paiements: [{ methode: 'cash', montant: 5000 }],
    });
    expect(online.statusCode).toBe(409);
    expect(online.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK' });

    const body = offline(w, {
      lignes: [
        { article: w.articles[0].id, quantite: 5, prix: 1000 },
        { article: w.articles[1].id, quantite: 1, prix: 2500 },
      ],
      paiements: [{ methode: 'cash', montant: 7500 }],
    });
    const response = await sell(w.call, body);
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    expect(sale).toMatchObject({ montantFacture: 7500, solde: true, articles: [{ nombre: 5 }, { nombre: 1 }] });
    expect(await availableStock(t.db, w.articles[0].id, w.depot.id)).toBe(0);
    expect(await availableStock(t.db, w.articles[1].id, w.depot.id)).toBe(9);
    const open = await t.db.select().from(stockDiscrepancies).where(eq(stockDiscrepancies.invoiceId, sale.idFacture));
    expect(open).toMatchObject([{ shopId: w.shop.id, depotId: w.depot.id, articleId: w.articles[0].id, quantity: 3, covered: 0, resolvedAt: null }]);
    expect(await checkInvariants(t.db)).toEqual([]);
    // Sent again: the stored sale, no second discrepancy.
    const replay = await sell(w.call, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(sale);
    expect(await t.db.select().from(stockDiscrepancies).where(eq(stockDiscrepancies.invoiceId, sale.idFacture))).toHaveLength(1);
    // The invoice is not deleted while its discrepancy is open.
    const deleted = await w.call({ method: 'DELETE', url: `/api/factures/${sale.idFacture}` });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'INVOICE_HAS_DISCREPANCY' });
  });

  it('a reception takes the shortfall out, oldest first, and resolves what it covers', async () => {
    const w = await till([1, 10, 10]);
    const a = w.articles[0].id;
    const older = (await sell(w.call, offline(w, { lignes: [{ article: a, quantite: 4, prix: 1000 }], paiements: [{ methode: 'cash', montant: 4000 }] }))).json();
    const newer = (await sell(w.call, offline(w, { lignes: [{ article: a, quantite: 2, prix: 1000 }], paiements: [{ methode: 'cash', montant: 2000 }] }))).json();
    // 1 available: the older sale took it (3 short), the newer found none (2 short).
    expect(await availableStock(t.db, a, w.depot.id)).toBe(0);
    const reception = await w.call({
      method: 'POST',
      url: '/api/reception',
      payload: { depot: w.depot.id, boutique: w.shop.id, article: [{ articles: a, nombre: 4 }] },
    });
    expect(reception.statusCode, reception.body).toBeLessThan(300);
    // 4 received: 3 go to the older sale (resolved), 1 to the newer (1 of 2 covered, still open).
    expect(await availableStock(t.db, a, w.depot.id)).toBe(0);
    const rows = await t.db.select().from(stockDiscrepancies).where(eq(stockDiscrepancies.articleId, a)).orderBy(asc(stockDiscrepancies.id));
    expect(rows).toMatchObject([
      { invoiceId: older.idFacture, quantity: 3, covered: 3, resolution: 'reception' },
      { invoiceId: newer.idFacture, quantity: 2, covered: 1, resolution: null, resolvedAt: null },
    ]);
    expect(rows[0]!.receptionId).toBeGreaterThan(0);
    expect(await checkInvariants(t.db)).toEqual([]);
    // A count resolves the rest: the counted quantity already reflects the sales.
    const count = await w.call({
      method: 'POST',
      url: '/api/inventaires',
      payload: { boutique: w.shop.id, depot: w.depot.id, motif: 'Inventaire du soir', lignes: [{ article: a, quantiteComptee: 0 }] },
    });
    expect(count.statusCode, count.body).toBeLessThan(300);
    const [after] = await t.db.select().from(stockDiscrepancies).where(eq(stockDiscrepancies.id, rows[1]!.id));
    expect(after).toMatchObject({ resolution: 'count', covered: 1, countId: count.json().idComptage });
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});

describe('short stock of an article the depot never held', () => {
  it('opens its level at 0, so that the stock lists show it and a count resolves the discrepancy', async () => {
    const w = await till();
    const annex = await createDepot(t.db, w.shop.id, 'Annexe');
    const a = w.articles[0].id;
    const sale = (await sell(w.call, offline(w, { depot: annex.id, lignes: [{ article: a, quantite: 2, prix: 1000 }], paiements: [{ methode: 'cash', montant: 2000 }] }))).json();
    expect(await availableStock(t.db, a, annex.id)).toBe(0);
    const [open] = await t.db.select().from(stockDiscrepancies).where(eq(stockDiscrepancies.invoiceId, sale.idFacture));
    expect(open).toMatchObject({ depotId: annex.id, articleId: a, quantity: 2, resolvedAt: null });
    // The depot's stock list (the count screen's rows) holds the article at 0.
    const rows = (await w.call({ method: 'GET', url: `/api/entrees/boutique/${w.shop.id}/${annex.id}/0` })).json();
    expect(rows.map((r: { article: { idArticle: number }; quantiteDisponible: number }) => [r.article.idArticle, r.quantiteDisponible])).toEqual([[a, 0]]);
    const count = await w.call({
      method: 'POST',
      url: '/api/inventaires',
      payload: { boutique: w.shop.id, depot: annex.id, motif: 'Inventaire', lignes: [{ article: a, quantiteComptee: 0 }] },
    });
    expect(count.statusCode, count.body).toBeLessThan(300);
    const [after] = await t.db.select().from(stockDiscrepancies).where(eq(stockDiscrepancies.id, open!.id));
    expect(after).toMatchObject({ resolution: 'count', countId: count.json().idComptage });
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});

describe('a sale of a closed register day', () => {
  it('goes to the next open day, marked late, with its real time; online it is refused', async () => {
    const w = await till();
    const register = await defaultRegister(w.shop.id);
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    const closed = await w.call({ method: 'POST', url: '/api/clotures', payload: { caisse: register, date: yesterday, montantCompte: 0 } });
    expect(closed.statusCode, closed.body).toBe(201);
    const soldAt = `${yesterday}T12:00:00.000Z`;

    const online = await sell(w.call, { ...offline(w, { vendueLe: soldAt }), horsLigne: false, refTicket: null, lignes: [{ article: w.articles[0].id, quantite: 1 }] });
    expect(online.statusCode).toBe(409);
    expect(online.json()).toMatchObject({ code: 'DAY_CLOSED' });

    const before = Date.now();
    const response = await sell(w.call, offline(w, { vendueLe: soldAt }));
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    expect(sale).toMatchObject({ enRetard: true, vendueLe: soldAt });
    expect(new Date(sale.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, sale.idFacture));
    expect(row!.lateSoldAt!.toISOString()).toBe(soldAt);
    // Today's register day counts it; yesterday's closing is unchanged.
    const today = new Date().toISOString().slice(0, 10);
    const preview = await w.call({ method: 'GET', url: `/api/clotures/apercu/${register}/${today}` });
    expect(preview.json()).toMatchObject({ nombrePaiements: 1, ventesEnRetard: { nombre: 1, montant: 1000 } });
    const replay = await sell(w.call, offline(w, { id: sale.idVente, vendueLe: soldAt, refTicket: sale.refTicket }));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(sale);
    // Today closed in turn: its closing and its PDF say it counted one late sale.
    const todayClosed = await w.call({ method: 'POST', url: '/api/clotures', payload: { caisse: register, date: today, montantCompte: 1000 } });
    expect(todayClosed.statusCode, todayClosed.body).toBe(201);
    expect(todayClosed.json()).toMatchObject({ ventesEnRetard: { nombre: 1, montant: 1000 } });
    const pdf = await w.call({ method: 'GET', url: `/api/clotures/imprimer/${todayClosed.json().idCloture}`, headers: { 'accept-language': 'fr' } });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload, encoding: 'utf8' });
    expect(text).toMatch(/1 vente en retard\s+1\s000\sFCFA/);
  });
});

describe('a sale of a closed register day when today is closed too', () => {
  it('goes to the start of the next day (the register\'s next open day), marked late, with its payment', async () => {
    const w = await till();
    const register = await defaultRegister(w.shop.id);
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    for (const date of [yesterday, today]) {
      const closed = await w.call({ method: 'POST', url: '/api/clotures', payload: { caisse: register, date, montantCompte: 0 } });
      expect(closed.statusCode, closed.body).toBe(201);
    }
    const soldAt = `${yesterday}T12:00:00.000Z`;
    const response = await sell(w.call, offline(w, { vendueLe: soldAt }));
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    // Africa/Abidjan is UTC: the next open day starts at midnight UTC.
    expect(sale).toMatchObject({ enRetard: true, vendueLe: soldAt, createdAt: `${tomorrow}T00:00:00.000Z` });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, sale.idFacture));
    expect(row!.lateSoldAt!.toISOString()).toBe(soldAt);
    // The closed days are untouched; the next day's preview counts the late sale and its cash.
    for (const date of [yesterday, today]) {
      const closings = await w.call({ method: 'GET', url: `/api/clotures/apercu/${register}/${date}` });
      expect(closings.json(), date).toMatchObject({ nombrePaiements: 0 });
    }
    // Its payment is on the next day's register day too, which cannot be previewed or closed before it starts.
    const [payment] = await t.db.select().from(payments).where(eq(payments.invoiceId, sale.idFacture));
    expect(payment!.createdAt.toISOString()).toBe(`${tomorrow}T00:00:00.000Z`);
    const preview = await w.call({ method: 'GET', url: `/api/clotures/apercu/${register}/${tomorrow}` });
    expect(preview.statusCode, preview.body).toBe(422);
    expect(preview.json()).toMatchObject({ code: 'DAY_NOT_STARTED' });
    // Sent again (an answer lost on the way): the stored sale, nothing more.
    const replay = await sell(w.call, offline(w, { id: sale.idVente, vendueLe: soldAt, refTicket: sale.refTicket }));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(sale);
    expect(await invoicesOf(w.shop.id)).toHaveLength(1);
    // Its document is dated when the sale was made, not at the start of a day to come.
    const [document] = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, sale.idFacture));
    expect(document!.issuedAt.toISOString()).toBe(soldAt);

    // A sale made today offline, after today's closing: counted tomorrow, yet one of the seller's
    // sales of today in the till's reprint list, its document dated now.
    const madeAt = new Date(Date.now() - 60_000).toISOString();
    const late = (await sell(w.call, offline(w, { vendueLe: madeAt }))).json();
    expect(late).toMatchObject({ enRetard: true, createdAt: `${tomorrow}T00:00:00.000Z` });
    const todays = (await w.call({ method: 'GET', url: `/api/ventes/du-jour/${w.shop.id}` })).json();
    expect(todays.map((i: { idFacture: number }) => i.idFacture)).toContain(late.idFacture);
    // The list tells when it was made (its createdAt is the start of tomorrow).
    expect(todays.find((i: { idFacture: number }) => i.idFacture === late.idFacture)).toMatchObject({ enRetard: true, vendueLe: madeAt });
    const [lateDocument] = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, late.idFacture));
    expect(lateDocument!.issuedAt.toISOString()).toBe(madeAt);
  });
});

describe('prices charged offline', () => {
  it('keeps the charged price and flags a line whose price changed, with the current price', async () => {
    const w = await till();
    const response = await sell(
      w.call,
      offline(w, {
        lignes: [
          { article: w.articles[0].id, quantite: 2, prix: 900 },
          { article: w.articles[1].id, quantite: 1, prix: 2500 },
          { article: w.articles[2].id, quantite: 1 },
        ],
        paiements: [{ methode: 'cash', montant: 6000 }],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      reliquat: 950,
      sousTotal: 2 * 900 + 2500 + 750,
      montantFacture: 5050,
      articles: [
        { idArticle: w.articles[0].id, prix: 900, montant: 1800, prixModifie: true, prixActuel: 1000 },
        { idArticle: w.articles[1].id, prix: 2500, prixModifie: false, prixActuel: null },
        { idArticle: w.articles[2].id, prix: 750, prixModifie: false, prixActuel: null },
      ],
    });
    const detail = await w.call({ method: 'GET', url: `/api/factures/commande/detail/${response.json().idFacture}` });
    expect(detail.json().articles[0]).toMatchObject({ prix: 900, prixModifie: true, prixActuel: 1000 });
  });

  it('a price above 99 999 999 FCFA charged offline (a lorry) is kept like any other', async () => {
    const w = await till();
    const lorry = await createArticle(t.db, w.depot, { prix: 150_000_000, prixAchat: 120_000_000, quantite: 2 });
    const response = await sell(
      w.call,
      offline(w, {
        lignes: [{ article: lorry!.id, quantite: 1, prix: 145_000_000 }],
        paiements: [{ methode: 'cheque', montant: 145_000_000 }],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      montantFacture: 145_000_000,
      solde: true,
      articles: [{ idArticle: lorry!.id, prix: 145_000_000, prixModifie: true, prixActuel: 150_000_000 }],
    });
  });
});

describe('refusals for good', () => {
  it('answers 4xx with a code and a translated message, and writes nothing', async () => {
    const w = await till();
    const other = (await createDirector(t.db, { planId: 4, counts: { shops: 1, depots: 1, users: 5 } })).depots[0]!;
    const gone = await createArticle(t.db, w.depot, { prix: 500, quantite: 3 });
    await t.db.execute(sql`update articles set deleted_at = now() where id = ${gone!.id}`);
    const taken = offline(w, { refTicket: 'DUP1-1' });
    expect((await sell(w.call, taken)).statusCode).toBe(201);
    const cases: [string, Record<string, unknown>, number, string, string][] = [
      ['device time 8 days old', { vendueLe: new Date(Date.now() - 8 * DAY_MS).toISOString() }, 422, 'SALE_TIME_OUT_OF_WINDOW', 'horloge'],
      ['device time an hour ahead', { vendueLe: new Date(Date.now() + 3_600_000).toISOString() }, 422, 'SALE_TIME_OUT_OF_WINDOW', 'horloge'],
      ['a deleted article', { lignes: [{ article: gone!.id, quantite: 1, prix: 500 }], paiements: [{ methode: 'cash', montant: 500 }] }, 404, 'NOT_FOUND', ''],
      ['an unknown article', { lignes: [{ article: 987_654, quantite: 1, prix: 500 }] }, 404, 'NOT_FOUND', ''],
      ['a depot of another shop', { depot: other.id }, 404, 'NOT_FOUND', ''],
      ['a reference another sale has', { refTicket: 'DUP1-1' }, 409, 'SALE_TICKET_REF_TAKEN', 'référence'],
      ['horsLigne without a reference', { refTicket: null }, 400, 'VALIDATION_FAILED', ''],
      ['a malformed reference', { refTicket: 'abc' }, 400, 'VALIDATION_FAILED', ''],
      ['a negative price', { lignes: [{ article: w.articles[0].id, quantite: 1, prix: -1 }] }, 400, 'VALIDATION_FAILED', ''],
    ];
    const before = (await invoicesOf(w.shop.id)).length;
    for (const [name, overrides, status, code, word] of cases) {
      const response = await w.call({ method: 'POST', url: '/api/ventes', payload: offline(w, overrides), headers: { 'accept-language': 'fr' } });
      expect(response.statusCode, name).toBe(status);
      expect(response.json().code, name).toBe(code);
      expect(response.json().message, name).toContain(word);
    }
    // A reference or a price without horsLigne: the online till never sends them.
    const online = { ...offline(w), horsLigne: false };
    expect((await sell(w.call, online)).statusCode).toBe(400);
    expect((await sell(w.call, { ...online, refTicket: null })).statusCode).toBe(400);
    const en = await w.call({ method: 'POST', url: '/api/ventes', payload: offline(w, { refTicket: 'DUP1-1' }), headers: { 'accept-language': 'en' } });
    expect(en.json().message).toContain('provisional ticket reference');
    expect(await invoicesOf(w.shop.id)).toHaveLength(before);
    expect(await availableStock(t.db, w.articles[0].id, w.depot.id)).toBe(9);
  });
});

describe('the manager\'s review: GET /api/ecarts/boutique/{b}/{p} and /api/ecarts/ventes/boutique/{b}/{p}', () => {
  it('lists discrepancies (open first), late sales and changed prices to directors and managers of the shop only', async () => {
    const w = await till([1, 10, 10]);
    const a = w.articles[0].id;
    const short = (await sell(w.call, offline(w, { refTicket: 'REV1-1', lignes: [{ article: a, quantite: 3, prix: 800 }], paiements: [{ methode: 'cash', montant: 2400 }] }))).json();
    const manager = as(t.app, await signIn(t.app, await createUser(t.db, { roles: [ROLE.manager], shopIds: [w.shop.id] })));
    const seller = as(t.app, await signIn(t.app, await createUser(t.db, { roles: [ROLE.seller], shopIds: [w.shop.id] })));
    const stranger = await createDirector(t.db, { planId: 4, counts: { shops: 1, depots: 1, users: 5 } });
    const outsider = as(t.app, await signIn(t.app, stranger.director));

    const list = await manager({ method: 'GET', url: `/api/ecarts/boutique/${w.shop.id}/1?etat=ouverts` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      data: [
        {
          article: { idArticle: a },
          depot: { idDepot: w.depot.id },
          quantite: 2,
          couvert: 0,
          facture: { idFacture: short.idFacture, codeFac: short.codeFac, refTicket: 'REV1-1' },
          resoluLe: null,
          resolution: null,
        },
      ],
    });
    const review = await manager({ method: 'GET', url: `/api/ecarts/ventes/boutique/${w.shop.id}/1` });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json()).toMatchObject({
      total: 1,
      data: [{ idFacture: short.idFacture, refTicket: 'REV1-1', enRetard: false, prixModifies: [{ idArticle: a, prix: 800, prixActuel: 1000, nombre: 3 }] }],
    });

    // Searched by the provisional reference, the sale's number or the article's name.
    for (const term of ['REV1-1', short.codeFac]) {
      const url = `/api/ecarts/boutique/${w.shop.id}/1/${encodeURIComponent(term)}`;
      expect((await manager({ method: 'GET', url })).json().total, url).toBe(1);
      expect((await manager({ method: 'GET', url: `/api/ecarts/ventes/boutique/${w.shop.id}/1/${encodeURIComponent(term)}` })).json().total).toBe(1);
    }
    expect((await manager({ method: 'GET', url: `/api/ecarts/boutique/${w.shop.id}/1/nothing-like-it` })).json().total).toBe(0);

    // Resolved by a count: still listed (after the open ones), with how.
    await w.call({ method: 'POST', url: '/api/inventaires', payload: { boutique: w.shop.id, depot: w.depot.id, motif: 'Comptage', lignes: [{ article: a, quantiteComptee: 0 }] } });
    expect((await manager({ method: 'GET', url: `/api/ecarts/boutique/${w.shop.id}/1?etat=ouverts` })).json().total).toBe(0);
    const all = (await w.call({ method: 'GET', url: `/api/ecarts/boutique/${w.shop.id}/1` })).json();
    expect(all.data[0]).toMatchObject({ resolution: 'inventaire', resoluPar: { username: expect.any(String), nom: expect.any(String), prenom: expect.any(String) } });
    expect(all.data[0].idComptage).toBeGreaterThan(0);

    for (const url of [`/api/ecarts/boutique/${w.shop.id}/1`, `/api/ecarts/ventes/boutique/${w.shop.id}/1`]) {
      expect((await seller({ method: 'GET', url })).statusCode, url).toBe(403);
      // Another shop named in the path: refused before any row is read (the shop-membership check).
      expect((await outsider({ method: 'GET', url })).statusCode, url).toBe(403);
    }
    // The outsider's own shop shows none of this shop's rows.
    const own = await outsider({ method: 'GET', url: `/api/ecarts/boutique/${stranger.shops[0]!.id}/1` });
    expect(own.json()).toMatchObject({ total: 0, data: [] });
  });
});
