import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { ROLE } from '@app/common/roles';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { clients, invoices, payments, shops } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createTestClient } from '../../test/cash-factories.js';
import { overlappingWords, pdfWords, wordsPastPage } from '../../test/pdf-words.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { availableStock, createArticle } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Call = ReturnType<typeof as>;

/** A PDF's text (poppler's pdftotext, as the invoices' test). */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });

/** A shop with three articles (1 000, 2 500 and 750 FCFA, 10 of each) and its director's call. */
async function till() {
  const { director, shops, depots } = await createDirector(t.db, { planId: 4, counts: { shops: 1, depots: 2, users: 20 } });
  const shop = shops[0]!;
  const depot = depots[0]!;
  const [a, b, c] = [
    await createArticle(t.db, depot, { prix: 1000, prixAchat: 600, quantite: 10 }),
    await createArticle(t.db, depot, { prix: 2500, prixAchat: 1500, quantite: 10 }),
    await createArticle(t.db, depot, { prix: 750, prixAchat: 400, quantite: 10 }),
  ];
  const call = as(t.app, await signIn(t.app, director));
  return { director, shop, depot, articles: [a!, b!, c!] as const, call };
}

type Till = Awaited<ReturnType<typeof till>>;

function saleOf(w: Till, overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    vendueLe: new Date().toISOString(),
    boutique: w.shop.id,
    depot: w.depot.id,
    lignes: [
      { article: w.articles[0].id, quantite: 2 },
      { article: w.articles[1].id, quantite: 1 },
      { article: w.articles[2].id, quantite: 3 },
    ],
    paiements: [{ methode: 'cash', montant: 10_000 }],
    ...overrides,
  };
}

const sell = (call: Call, payload: unknown, headers: Record<string, string> = {}) =>
  call({ method: 'POST', url: '/api/ventes', payload: payload as object, headers });

async function invoiceCount(shopId: number): Promise<number> {
  return (await t.db.select().from(invoices).where(eq(invoices.shopId, shopId))).length;
}

async function stocks(w: Till): Promise<(number | null)[]> {
  return Promise.all(w.articles.map((a) => availableStock(t.db, a.id, w.depot.id)));
}

describe('POST /api/ventes: a whole sale in one request', () => {
  it('records the invoice, its lines, stock, number and cash payment with change, in one answer', async () => {
    const w = await till();
    const body = saleOf(w);
    const response = await sell(w.call, body);
    expect(response.statusCode, response.body).toBe(201);
    // 2 x 1 000 + 2 500 + 3 x 750 = 6 750; 10 000 handed over: 3 250 back.
    expect(response.json()).toMatchObject({
      idVente: body.id,
      codeFac: `FAC-${new Date().getFullYear()}-000001`,
      sousTotal: 6_750,
      remise: 0,
      montantFacture: 6_750,
      montantPaye: 6_750,
      reste: 0,
      solde: true,
      livre: true,
      reliquat: 3_250,
      paiements: [{ methode: 'cash', montant: 10_000, montantPaye: 6_750, reliquat: 3_250, reste: 0, reference: null }],
      articles: [
        { idArticle: w.articles[0].id, prix: 1000, nombre: 2, montant: 2000 },
        { idArticle: w.articles[1].id, prix: 2500, nombre: 1, montant: 2500 },
        { idArticle: w.articles[2].id, prix: 750, nombre: 3, montant: 2250 },
      ],
    });
    // The payment's date is the one recorded, the sale's own time (the invoice's date).
    const [stored] = await t.db.select().from(payments).where(eq(payments.shopId, w.shop.id));
    expect(response.json().paiements[0].datePaiement).toBe(stored!.createdAt.toISOString());
    expect(response.json().paiements[0].datePaiement).toBe(response.json().createdAt);
    expect(await stocks(w)).toEqual([8, 9, 7]);
    const movements = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from stock_movements where invoice_id = ${response.json().idFacture} and kind = 'sale'`),
    );
    expect(movements[0]!.n).toBe(3);
    // The dashboard's day totals saw the sale and its payment once.
    const [day] = rowsOf<{ sold: string; paid: string; invoices: number; payments: number; cost: string }>(
      await t.db.execute(
        sql`select sold_fcfa::text as sold, paid_fcfa::text as paid, invoices, payments, cost_fcfa::text as cost from sales_daily_totals where shop_id = ${w.shop.id}`,
      ),
    );
    expect(day).toEqual({ sold: '6750', paid: '6750', invoices: 1, payments: 1, cost: String(2 * 600 + 1500 + 3 * 400) });
  });

  it('splits a payment over Orange Money and cash; the amounts add up', async () => {
    const w = await till();
    const response = await sell(
      w.call,
      saleOf(w, {
        remise: 250,
        paiements: [
          { methode: 'cash', montant: 5_000 },
          { methode: 'orange_money', montant: 3_000, reference: 'OM-7781' },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    // 6 750 - 250 = 6 500: Orange Money 3 000 first, cash covers 3 500 of its 5 000.
    expect(sale).toMatchObject({ montantFacture: 6_500, montantPaye: 6_500, reste: 0, solde: true, reliquat: 1_500 });
    expect(sale.paiements).toMatchObject([
      { methode: 'orange_money', reference: 'OM-7781', montant: 3_000, montantPaye: 3_000, reliquat: 0, reste: 3_500 },
      { methode: 'cash', montant: 5_000, montantPaye: 3_500, reliquat: 1_500, reste: 0 },
    ]);
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, sale.idFacture));
    expect(rows.reduce((sum, p) => sum + p.appliedFcfa, 0)).toBe(sale.montantFacture);
  });

  it('a sale the discount brings to 0 FCFA is recorded settled with no payment', async () => {
    const w = await till();
    const response = await sell(w.call, saleOf(w, { remise: 6_750, paiements: [] }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ montantFacture: 0, montantPaye: 0, reste: 0, solde: true, paiements: [] });
  });

  it('a sale above 99 999 999 FCFA (a generator and a television) is paid in one cash payment, with change', async () => {
    const w = await till();
    const generator = await createArticle(t.db, w.depot, { prix: 8_850_000, prixAchat: 7_000_000, quantite: 10 });
    const tv = await createArticle(t.db, w.depot, { prix: 9_999_999, prixAchat: 8_000_000, quantite: 10 });
    const response = await sell(
      w.call,
      saleOf(w, {
        lignes: [
          { article: generator!.id, quantite: 3 },
          { article: tv!.id, quantite: 9 },
        ],
        paiements: [{ methode: 'cash', montant: 120_000_000 }],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    // 3 x 8 850 000 + 9 x 9 999 999 = 116 549 991; 120 000 000 handed over.
    expect(response.json()).toMatchObject({ montantFacture: 116_549_991, montantPaye: 116_549_991, reste: 0, solde: true, reliquat: 3_450_009 });
    // One payment past an article's price cap (10^12) is a typing mistake: refused, nothing written.
    const before = await invoiceCount(w.shop.id);
    const huge = await sell(w.call, saleOf(w, { paiements: [{ methode: 'cash', montant: 1_000_000_000_001 }] }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details).toEqual([expect.objectContaining({ field: 'body.paiements.0.montant' })]);
    expect(await invoiceCount(w.shop.id)).toBe(before);
  });

  it('a credit sale needs a client and may leave a remainder; a cash sale paid at the till is paid in full', async () => {
    const w = await till();
    const client = await createTestClient(t.db, w.shop.id);
    const noClient = await sell(w.call, saleOf(w, { typeFacture: 2, paiements: [{ methode: 'cash', montant: 1_000 }] }));
    expect(noClient.statusCode).toBe(422);
    expect(noClient.json()).toMatchObject({ code: 'SALE_CLIENT_REQUIRED', details: [{ field: 'body.client' }] });
    const partialCash = await sell(w.call, saleOf(w, { paiements: [{ methode: 'cash', montant: 1_000 }] }));
    expect(partialCash.statusCode).toBe(422);
    expect(partialCash.json()).toMatchObject({ code: 'SALE_NOT_PAID_IN_FULL' });
    expect(await invoiceCount(w.shop.id)).toBe(0);
    expect(await stocks(w)).toEqual([10, 10, 10]);

    const credit = await sell(w.call, saleOf(w, { typeFacture: 2, client: client.id, paiements: [{ methode: 'wave', montant: 2_000, reference: 'W-1' }] }));
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({ client: { idClient: client.id }, montantFacture: 6_750, montantPaye: 2_000, reste: 4_750, solde: false, livre: true, reliquat: 0 });
    // Nothing paid at all: the sale waits at the cash desk, unsettled.
    const unpaid = await sell(w.call, saleOf(w, { paiements: [] }));
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    expect(unpaid.json()).toMatchObject({ montantPaye: 0, reste: 6_750, solde: false, livre: false, paiements: [], reliquat: 0 });
  });

  it('the same id sent 5 times at once, then again later, records one sale', async () => {
    const w = await till();
    const body = saleOf(w);
    const answers = await Promise.all(Array.from({ length: 5 }, () => sell(w.call, body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((r) => r.json().idFacture));
    expect(ids.size).toBe(1);
    const later = await sell(w.call, body);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ idFacture: [...ids][0], idVente: body.id, reliquat: 3_250, paiements: [{ montantPaye: 6_750 }] });
    // The replay reads the stored payment: the same date as the first answer.
    const first = answers.find((r) => r.statusCode === 201)!.json();
    expect(later.json().paiements[0].datePaiement).toBe(first.paiements[0].datePaiement);
    expect(await invoiceCount(w.shop.id)).toBe(1);
    expect(await stocks(w)).toEqual([8, 9, 7]);
    const paid = await t.db.select().from(payments).where(eq(payments.shopId, w.shop.id));
    expect(paid).toHaveLength(1);
  });

  it('the same id in another shop is another sale; numbers are gapless per shop', async () => {
    const w1 = await till();
    const w2 = await till();
    const id = randomUUID();
    expect((await sell(w1.call, saleOf(w1, { id }))).statusCode).toBe(201);
    expect((await sell(w2.call, saleOf(w2, { id }))).statusCode).toBe(201);
    expect((await sell(w1.call, saleOf(w1))).json().codeFac).toMatch(/-000002$/);
  });

  it('short stock is 409 with what is available, and writes nothing', async () => {
    const w = await till();
    const response = await sell(w.call, saleOf(w, { lignes: [{ article: w.articles[0].id, quantite: 11 }], paiements: [{ methode: 'cash', montant: 20_000 }] }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', details: [{ articleId: w.articles[0].id, available: 10, requested: 11 }] });
    expect(await invoiceCount(w.shop.id)).toBe(0);
    expect(await stocks(w)).toEqual([10, 10, 10]);
  });

  it('answers the 80 mm ticket when asked for a PDF', async () => {
    const w = await till();
    const response = await sell(w.call, saleOf(w), { accept: 'application/pdf' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.headers['content-disposition']).toContain('-ticket.pdf');
    // The ticket lists the payments: method, amount handed over, reference and change.
    const split = await sell(
      w.call,
      saleOf(w, { paiements: [{ methode: 'orange_money', montant: 3_000, reference: 'OM-5521' }, { methode: 'cash', montant: 5_000 }] }),
      { accept: 'application/pdf' },
    );
    const text = pdfText(split.rawPayload);
    expect(text).toContain('Paiements');
    expect(text).toContain('Orange Money');
    expect(text).toContain('OM-5521');
    expect(text).toMatch(/Monnaie rendue\s+1\s250\sFCFA/);
    // A reprint of a sale's ticket (the invoice's document) shows its payments too.
    const json = await sell(w.call, saleOf(w, { paiements: [{ methode: 'wave', montant: 2_000, reference: 'WV-31' }, { methode: 'cash', montant: 5_000 }] }));
    const reprint = await w.call({ method: 'GET', url: `/api/downloadFile/${json.json().file}?format=ticket` });
    expect(reprint.statusCode).toBe(200);
    const again = pdfText(reprint.rawPayload);
    expect(again).toContain('WV-31');
    expect(again).toMatch(/Monnaie rendue\s+250\sFCFA/);
  });

  it('a long shop name and long designations print whole on the ticket and the A4, none over the next line', async () => {
    const w = await till();
    await t.db.update(shops).set({ nom: 'Quincaillerie Générale du Plateau et Fils' }).where(eq(shops.id, w.shop.id));
    const tv = await createArticle(t.db, w.depot, { designation: 'Téléviseur Samsung Crystal UHD 4K 65 pouces avec support mural', prix: 9_999_999, quantite: 10 });
    const generator = await createArticle(t.db, w.depot, { designation: 'Groupe électrogène diesel insonorisé 20 kVA triphasé', prix: 8_850_000, quantite: 10 });
    // A client's name of 100 + 60 characters: more than the A4 heading's line, it takes two.
    const client = await createTestClient(t.db, w.shop.id, 'Société Ivoirienne de Distribution Générale et de Commerce International Établissements Koffi Frères');
    await t.db.update(clients).set({ prenom: 'Awa Marie-Christine Adjoua Aya Kouassi-Konan née Yao Bamba' }).where(eq(clients.id, client.id));
    const sale = await sell(
      w.call,
      saleOf(w, {
        client: client.id,
        lignes: [
          { article: tv!.id, quantite: 9 },
          { article: generator!.id, quantite: 3 },
          { article: w.articles[0].id, quantite: 1 },
        ],
        paiements: [{ methode: 'cash', montant: 120_000_000 }],
      }),
    );
    expect(sale.statusCode, sale.body).toBe(201);
    for (const format of ['ticket', 'a4'] as const) {
      const pdf = await w.call({ method: 'GET', url: `/api/downloadFile/${sale.json().file}?format=${format}` });
      expect(pdf.statusCode).toBe(200);
      expect(overlappingWords(pdf.rawPayload), format).toEqual([]);
      const words = pdfWords(pdf.rawPayload).map((x) => x.word);
      for (const word of ['Quincaillerie', 'Fils', 'Téléviseur', 'mural', 'Groupe', 'triphasé', '116', '550', '991', 'Ivoirienne', 'Frères', 'Awa', 'Bamba'])
        expect(words, `${format}: ${word}`).toContain(word);
      expect(wordsPastPage(pdf.rawPayload), format).toEqual([]);
    }
  });

  it('a 13-digit line prints its quantity and price whole on the ticket, on their own line above the amount', async () => {
    const w = await till();
    // Subject to VAT at 18 %, prices with VAT: the line reads « 1 x 999 999 999 999 FCFA  18 % ».
    const identity = { pays: 'SN', assujettiTva: true, prixTtc: true, tauxTva: [18] };
    expect((await w.call({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: identity })).statusCode).toBe(200);
    const truck = await createArticle(t.db, w.depot, { designation: 'Camion benne Mercedes-Benz Actros', prix: 999_999_999_999, quantite: 1 });
    const sale = await sell(w.call, saleOf(w, { lignes: [{ article: truck!.id, quantite: 1 }], paiements: [{ methode: 'cash', montant: 1_000_000_000_000 }] }));
    expect(sale.statusCode, sale.body).toBe(201);
    const ticket = await w.call({ method: 'GET', url: `/api/downloadFile/${sale.json().file}?format=ticket` });
    expect(ticket.statusCode).toBe(200);
    expect(overlappingWords(ticket.rawPayload)).toEqual([]);
    expect(wordsPastPage(ticket.rawPayload)).toEqual([]);
    const text = pdfText(ticket.rawPayload);
    expect(text).toMatch(/1 x 999\s999\s999\s999\sFCFA\s+18\s%/);
    expect(text).toMatch(/Monnaie rendue\s+1\sFCFA/);
  });

  it('managers, sellers and cashiers ring sales; a warehouse keeper may not; the till lists the caller’s sales of the day', async () => {
    const w = await till();
    for (const role of [ROLE.manager, ROLE.seller, ROLE.cashier]) {
      const user = await createUser(t.db, { roles: [role], shopIds: [w.shop.id], accountId: w.director.id });
      const call = as(t.app, await signIn(t.app, user));
      const response = await sell(call, saleOf(w, { lignes: [{ article: w.articles[0].id, quantite: 1 }], paiements: [{ methode: 'cash', montant: 1_000 }] }));
      expect(response.statusCode, `${role}: ${response.body}`).toBe(201);
      const today = await call({ method: 'GET', url: `/api/ventes/du-jour/${w.shop.id}` });
      expect(today.statusCode).toBe(200);
      expect(today.json().map((i: { idFacture: number }) => i.idFacture)).toEqual([response.json().idFacture]);
    }
    const keeper = await createUser(t.db, { roles: [ROLE.warehouse], shopIds: [w.shop.id], accountId: w.director.id });
    const refused = await sell(as(t.app, await signIn(t.app, keeper)), saleOf(w));
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /api/ventes: another shop and bad input write nothing', () => {
  it("another shop's depot, article, client, register or type is 404; another shop named is 403", async () => {
    const w = await till();
    const other = await till();
    const otherClient = await createTestClient(t.db, other.shop.id);
    const [otherRegister] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from cash_registers where shop_id = ${other.shop.id} limit 1`));
    const cases: [Record<string, unknown>, string][] = [
      [{ depot: other.depot.id }, 'body.depot'],
      [{ lignes: [{ article: other.articles[0].id, quantite: 1 }] }, 'body.lignes.0.article'],
      [{ typeFacture: 2, client: otherClient.id }, 'body.client'],
      [{ typeFacture: 999_999 }, 'body.typeFacture'],
    ];
    if (otherRegister) cases.push([{ caisse: otherRegister.id }, 'body.caisse'], [{ caisse: otherRegister.id, paiements: [] }, 'body.caisse']);
    cases.push([{ caisse: 999_999, paiements: [] }, 'body.caisse']);
    for (const [overrides, field] of cases) {
      const response = await sell(w.call, saleOf(w, overrides));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', details: [{ field }] });
    }
    const foreign = await sell(w.call, saleOf(other));
    expect(foreign.statusCode).toBe(403);
    expect(await invoiceCount(w.shop.id)).toBe(0);
    expect(await invoiceCount(other.shop.id)).toBe(0);
    expect(await stocks(w)).toEqual([10, 10, 10]);
  });

  it('refuses every bad input with a 4xx and the error shape', async () => {
    const w = await till();
    const line = (quantite: unknown) => ({ lignes: [{ article: w.articles[0].id, quantite }] });
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['quantity 0', line(0), 400, 'VALIDATION_FAILED'],
      ['negative quantity', line(-2), 400, 'VALIDATION_FAILED'],
      ['huge quantity', line(1e12), 400, 'VALIDATION_FAILED'],
      ['fractional quantity', line(1.5), 400, 'VALIDATION_FAILED'],
      ['1 000 lines', { lignes: Array.from({ length: 1000 }, (_, i) => ({ article: i + 1, quantite: 1 })) }, 400, 'VALIDATION_FAILED'],
      ['duplicate lines', { lignes: [{ article: w.articles[0].id, quantite: 1 }, { article: w.articles[0].id, quantite: 2 }] }, 400, 'VALIDATION_FAILED'],
      ['no line', { lignes: [] }, 400, 'VALIDATION_FAILED'],
      ['NUL in a reference', { paiements: [{ methode: 'wave', montant: 6_750, reference: 'W\u0000' }] }, 400, 'VALIDATION_FAILED'],
      ['unknown method', { paiements: [{ methode: 'bitcoin', montant: 6_750 }] }, 400, 'VALIDATION_FAILED'],
      ['mobile money without a reference', { paiements: [{ methode: 'orange_money', montant: 6_750 }] }, 422, 'PAYMENT_REFERENCE_REQUIRED'],
      ['card above the total', { paiements: [{ methode: 'card', montant: 7_000, reference: 'C1' }] }, 422, 'PAYMENT_EXCEEDS_REMAINDER'],
      ['a second cash payment once the total is covered', { paiements: [{ methode: 'cash', montant: 7_000 }, { methode: 'cash', montant: 500 }] }, 422, 'PAYMENT_NOTHING_DUE'],
      ['negative amount', { paiements: [{ methode: 'cash', montant: -5 }] }, 400, 'VALIDATION_FAILED'],
      ['discount above the lines', { remise: 7_000 }, 422, 'DISCOUNT_TOO_HIGH'],
      ['device time 6 minutes ahead', { vendueLe: minutes(6) }, 422, 'SALE_TIME_OUT_OF_WINDOW'],
      ['device time 8 days old', { vendueLe: minutes(-8 * 24 * 60) }, 422, 'SALE_TIME_OUT_OF_WINDOW'],
      ['device time not a date', { vendueLe: 'yesterday' }, 400, 'VALIDATION_FAILED'],
      ['malformed id', { id: 'not-a-uuid' }, 400, 'VALIDATION_FAILED'],
      ['a quote at the till', { typeFacture: 3 }, 422, 'SALE_PROFORMA'],
      ['an id as text', { depot: String(w.depot.id) }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [what, overrides, status, code] of cases) {
      const response = await sell(w.call, saleOf(w, overrides));
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect(response.json(), what).toMatchObject({ code, message: expect.any(String), requestId: expect.any(String) });
    }
    const malformed = await w.call({ method: 'POST', url: '/api/ventes', payload: '{"id":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(await invoiceCount(w.shop.id)).toBe(0);
    expect(await stocks(w)).toEqual([10, 10, 10]);
  });

  it('a device time within the window decides the day; the message is in the caller’s language', async () => {
    const w = await till();
    const fourMinutesAhead = new Date(Date.now() + 4 * 60_000).toISOString();
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3_600_000).toISOString();
    expect((await sell(w.call, saleOf(w, { vendueLe: fourMinutesAhead }))).statusCode).toBe(201);
    const old = await sell(w.call, saleOf(w, { vendueLe: twoDaysAgo }));
    expect(old.statusCode).toBe(201);
    const [row] = await t.db.select().from(invoices).where(and(eq(invoices.shopId, w.shop.id), eq(invoices.id, old.json().idFacture)));
    expect(row!.createdAt.toISOString()).toBe(twoDaysAgo);
    const english = await sell(w.call, saleOf(w, { vendueLe: new Date(Date.now() + 3_600_000).toISOString() }), { 'accept-language': 'en' });
    expect(english.json().message).toMatch(/device's time/);
  });
});
