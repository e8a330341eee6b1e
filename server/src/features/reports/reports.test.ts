import { ROLE } from '@app/common/roles';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, invoices, payments } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDepot, createDirector, createUser, signIn } from '../../test/factories.js';
import { createArticle } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function director(options: { shopCount?: number } = {}) {
  const world = await createDirector(t.db, { shopCount: options.shopCount ?? 1, planId: 3 });
  return { ...world, call: as(t.app, await signIn(t.app, world.director)) };
}

describe('dashboard and report without sales', () => {
  it('answers zeros for a new shop, and every seed count call answers its figure', async () => {
    const { call, shops } = await director();
    const b = shops[0]!.id;
    const summary = await call({ method: 'GET', url: `/api/dashboard/${b}` });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      commandes: 0,
      commandesToday: 0,
      paiementsToday: 0,
      montant: 0,
      montantToday: 0,
      corbeilleToday: 0,
      factures: 0,
      facturesToday: 0,
    });
    expect(summary.json().today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const call_ of [
      'ligne_commande_count',
      'ligne_commande_count_date',
      'paiements_count_date',
      'montant',
      'montant_date',
      'corbeilles_count_date',
      'factures_count',
      'factures_count_date',
    ]) {
      const response = await call({ method: 'GET', url: `/api/${call_}/${b}` });
      expect(response.statusCode, call_).toBe(200);
      expect(response.json(), call_).toBe(0);
    }
  });

  it('values the stock per depot at available x purchase price', async () => {
    const { call, shops, depots } = await director();
    const b = shops[0]!.id;
    const second = await createDepot(t.db, b, 'Réserve');
    await createArticle(t.db, depots[0]!, { prixAchat: 600, quantite: 10 });
    await createArticle(t.db, depots[0]!, { prixAchat: 1250, quantite: 4 });
    await createArticle(t.db, second, { prixAchat: 300, quantite: 7 });
    const evaluation = (await call({ method: 'GET', url: `/api/entrees/evaluation/depot/${b}` })).json();
    const byDepot = Object.fromEntries(
      evaluation.map((e: { depot: { idDepot: number }; montantStock: number }) => [e.depot.idDepot, e]),
    );
    expect(byDepot[depots[0]!.id]).toMatchObject({ montantStock: 10 * 600 + 4 * 1250, articles: 2, quantite: 14 });
    expect(byDepot[second.id]).toMatchObject({ depot: { libelle: 'Réserve' }, montantStock: 7 * 300, articles: 1, quantite: 7 });

    const [total, ...days] = (await call({ method: 'GET', url: `/api/rapport/${b}/2026-03-01/2026-03-31` })).json();
    expect(total).toMatchObject({ date: null, montantStock: 10 * 600 + 4 * 1250 + 7 * 300, montantVendue: 0, benefice: 0 });
    expect(days).toHaveLength(31);
    expect(days[0]).toMatchObject({ date: '2026-03-01', montantStock: null, factures: 0 });
    expect(days[30].date).toBe('2026-03-31');
  });

  it('refuses a reversed, invalid or too long period with 400 and a translated message', async () => {
    const { call, shops } = await director();
    const b = shops[0]!.id;
    const reversed = await call({
      method: 'GET',
      url: `/api/rapport/${b}/2026-03-31/2026-03-01`,
      headers: { 'accept-language': 'fr' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details[0]).toMatchObject({ message: 'La date de fin précède la date de début.' });
    const invalid = await call({
      method: 'GET',
      url: `/api/rapport/${b}/2026-02-30/2026-03-01`,
      headers: { 'accept-language': 'en' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0].message).toBe('Invalid date (format YYYY-MM-DD).');
    expect((await call({ method: 'GET', url: `/api/rapport/${b}/2020-01-01/2026-01-01` })).statusCode).toBe(400);
  });

  it('prints the report as PDF and CSV in the caller language', async () => {
    const { call, shops } = await director();
    const b = shops[0]!.id;
    const pdf = await call({ method: 'GET', url: `/api/rapport/imprimer/${b}/2026-03-01/2026-03-31` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await call({
      method: 'GET',
      url: `/api/rapport/csv/${b}/2026-03-01/2026-03-31`,
      headers: { 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Date,Invoices,Articles sold,Amount sold,Cost of articles sold,Profit,Stock value');
    expect(lines.at(-1)).toBe('Period total,0,0,0,0,0,0');
  });
});

describe('who sees the figures', () => {
  it('refuses every role but directors (403), and another shop (403)', async () => {
    const { shops } = await director();
    const b = shops[0]!.id;
    for (const role of [ROLE.manager, ROLE.seller, ROLE.cashier, ROLE.warehouse]) {
      const user = await createUser(t.db, { roles: [role], shopIds: [b] });
      const call = as(t.app, await signIn(t.app, user));
      expect((await call({ method: 'GET', url: `/api/dashboard/${b}` })).statusCode, `role ${role}`).toBe(403);
      expect((await call({ method: 'GET', url: `/api/rapport/${b}/2026-03-01/2026-03-31` })).statusCode).toBe(403);
    }
    const other = await director();
    expect((await other.call({ method: 'GET', url: `/api/dashboard/${b}` })).statusCode).toBe(403);
    expect((await other.call({ method: 'GET', url: `/api/entrees/evaluation/depot/${b}` })).statusCode).toBe(403);
  });

  it("consolidates only the director's own shops", async () => {
    const { call, shops } = await director({ shopCount: 2 });
    await director();
    const consolidated = (await call({ method: 'GET', url: '/api/rapport/consolide/2026-03-01/2026-03-31' })).json();
    expect(consolidated.shops.map((s: { idBoutique: number }) => s.idBoutique).sort()).toEqual(shops.map((s) => s.id).sort());
    expect(consolidated.total).toMatchObject({ montantVendue: 0, benefice: 0 });
  });
});

describe('figures of a period (DECISIONS §7), computed by hand', () => {
  it('counts sales by day in the shop zone, after discounts, at the purchase prices of the moment; proformas and deleted invoices left out', async () => {
    // Douala is UTC+1: 22:30 UTC is still the 10th there, 23:30 UTC is already the 11th.
    const world = await createDirector(t.db, {
      planId: 4,
      counts: { shops: 2, depots: 5, users: 20 },
    });
    const b = world.shops[0]!.id;
    const depotA = world.depots[0]!;
    const depotB = await createDepot(t.db, b, 'Dépôt B');
    const director = as(t.app, await signIn(t.app, world.director));
    const { nom, telephone, adresse } = world.shops[0]!;
    const zoned = await director({
      method: 'PUT',
      url: `/api/boutiques/${b}`,
      payload: { nom, telephone, adresse, timeZone: 'Africa/Douala' },
    });
    expect(zoned.json().timeZone, zoned.body).toBe('Africa/Douala');
    const s1 = await createUser(t.db, { roles: [ROLE.seller], shopIds: [b], accountId: world.director.id });
    const s2 = await createUser(t.db, { roles: [ROLE.seller], shopIds: [b], accountId: world.director.id });
    const seller1 = as(t.app, await signIn(t.app, s1));
    const seller2 = as(t.app, await signIn(t.app, s2));
    const x = await createArticle(t.db, depotA, { designation: 'Savon', prix: 1000, prixAchat: 600, quantite: 20 });
    const y = await createArticle(t.db, depotB, { designation: 'Huile', prix: 2500, prixAchat: 1500, quantite: 10 });

    const sell = async (
      call: typeof director,
      depot: number,
      lines: [number, number][],
      remise: number,
      typeFactures: number,
      at?: string,
    ) => {
      const response = await call({
        method: 'POST',
        url: '/api/factures_generate',
        payload: {
          client: 0,
          boutiques: b,
          depot,
          remise,
          typeFactures,
          imprimante: false,
          articles: lines.map(([articles, nombre]) => ({ articles, nombre })),
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().idFacture as number;
      if (at)
        await t.db
          .update(invoices)
          .set({ createdAt: new Date(at) })
          .where(eq(invoices.id, id));
      return id;
    };
    const inv1 = await sell(seller1, depotA.id, [[x.id, 3]], 500, 1, '2026-03-10T22:30:00Z'); // 2 500, cost 1 800, the 10th
    const inv2 = await sell(seller2, depotB.id, [[y.id, 2]], 0, 1, '2026-03-10T23:30:00Z'); // 5 000, cost 3 000, the 11th
    await sell(seller1, depotA.id, [[x.id, 5]], 0, 3, '2026-03-10T12:00:00Z'); // proforma: left out
    const deleted = await sell(seller1, depotA.id, [[x.id, 1]], 0, 1, '2026-03-10T12:00:00Z');
    expect((await director({ method: 'DELETE', url: `/api/factures/${deleted}` })).statusCode).toBe(200);
    await sell(seller2, depotA.id, [[x.id, 2]], 200, 1, '2026-03-11T10:00:00Z'); // 1 800, cost 1 200, the 11th
    // A later price change rewrites neither the amounts sold nor their cost.
    await t.db
      .update(articles)
      .set({ priceFcfa: 5000, costFcfa: 4000 })
      .where(inArray(articles.id, [x.id]));

    const [total, day10, day11] = (await director({ method: 'GET', url: `/api/rapport/${b}/2026-03-10/2026-03-11` })).json();
    expect(day10).toEqual({
      date: '2026-03-10',
      factures: 1,
      totalArticle: 3,
      montantStock: null,
      montantVendue: 2500,
      montantSortieStock: 1800,
      benefice: 700,
    });
    expect(day11).toEqual({
      date: '2026-03-11',
      factures: 2,
      totalArticle: 4,
      montantStock: null,
      montantVendue: 6800,
      montantSortieStock: 4200,
      benefice: 2600,
    });
    // Stock now: 15 soaps at the new purchase price 4 000 and 8 oils at 1 500.
    expect(total).toEqual({
      date: null,
      factures: 3,
      totalArticle: 7,
      montantStock: 15 * 4000 + 8 * 1500,
      montantVendue: 9300,
      montantSortieStock: 6000,
      benefice: 3300,
    });
    const [only10] = (await director({ method: 'GET', url: `/api/rapport/${b}/2026-03-10/2026-03-10` })).json();
    expect(only10).toMatchObject({ factures: 1, montantVendue: 2500, benefice: 700 });

    // Payments by method: what each payment applied to its invoice (change given back is not
    // takings), voided payments left out.
    const pay = async (call: typeof director, facture: number, body: Record<string, unknown>) => {
      const response = await call({
        method: 'POST',
        url: '/api/paiements/livre',
        payload: { facture, livrer: false, chauffeure: 0, ...body },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().idPayement as number;
    };
    await pay(seller1, inv1, { montantPaye: 1000, total: 2500, reste: 2500, methode: 'orange_money', reference: 'OM-1' });
    await pay(seller1, inv1, { montantPaye: 2000, total: 2500, reste: 1500, methode: 'cash' }); // 1 500 applied, 500 change
    const voided = await pay(seller2, inv2, { montantPaye: 3000, total: 5000, reste: 5000, methode: 'wave', reference: 'W-1' });
    expect((await director({ method: 'DELETE', url: `/api/payements/${voided}` })).statusCode).toBe(200);
    await pay(seller2, inv2, { montantPaye: 2000, total: 5000, reste: 5000, methode: 'wave', reference: 'W-2' });
    await t.db
      .update(payments)
      .set({ createdAt: new Date('2026-03-11T09:00:00Z') })
      .where(inArray(payments.invoiceId, [inv1, inv2]));

    const charts = (await director({ method: 'GET', url: `/api/rapport/graphiques/${b}/2026-03-10/2026-03-11` })).json();
    expect(charts.paymentsByMethod).toEqual([
      { method: 'wave', montant: 2000, count: 1 },
      { method: 'cash', montant: 1500, count: 1 },
      { method: 'orange_money', montant: 1000, count: 1 },
    ]);
    expect(charts.days).toEqual([
      { date: '2026-03-10', montantVendue: 2500, benefice: 700 },
      { date: '2026-03-11', montantVendue: 6800, benefice: 2600 },
    ]);
    expect(charts.topArticles).toEqual([
      { idArticle: x.id, designation: 'Savon', quantite: 5, montant: 5000 },
      { idArticle: y.id, designation: 'Huile', quantite: 2, montant: 5000 },
    ]);
    expect(
      charts.salesBySeller.map((s: { username: string; nom: string; prenom: string; montant: number; factures: number }) => [
        s.username,
        `${s.prenom} ${s.nom}`,
        s.montant,
        s.factures,
      ]),
    ).toEqual([
      [s2.username, 'Prenom Nom', 6800, 2],
      [s1.username, 'Prenom Nom', 2500, 1],
    ]);

    const evaluation = (await director({ method: 'GET', url: `/api/entrees/evaluation/depot/${b}` })).json();
    const value = Object.fromEntries(
      evaluation.map((e: { depot: { idDepot: number }; montantStock: number }) => [e.depot.idDepot, e.montantStock]),
    );
    expect(value).toEqual({ [depotA.id]: 15 * 4000, [depotB.id]: 8 * 1500 });

    // All time: three sales of one line each; today: none yet, then two sales, one of two
    // lines. An order is a sale (a live invoice that is not a proforma), not an invoice line.
    expect((await director({ method: 'GET', url: `/api/dashboard/${b}` })).json()).toMatchObject({
      factures: 3,
      commandes: 3,
      facturesToday: 0,
    });
    const z = await createArticle(t.db, depotA, { designation: 'Sel', prix: 200, prixAchat: 100, quantite: 10 });
    await sell(seller1, depotA.id, [[x.id, 4], [z.id, 2]], 0, 1);
    await sell(seller2, depotB.id, [[y.id, 1]], 0, 1);
    expect((await director({ method: 'GET', url: `/api/dashboard/${b}` })).json()).toMatchObject({
      factures: 5,
      commandes: 5,
      facturesToday: 2,
      commandesToday: 2,
      corbeilleToday: 3.5,
    });
    expect((await director({ method: 'GET', url: `/api/ligne_commande_count/${b}` })).json()).toBe(5);
    expect((await director({ method: 'GET', url: `/api/ligne_commande_count_date/${b}` })).json()).toBe(2);
    expect((await director({ method: 'GET', url: `/api/factures_count_date/${b}` })).json()).toBe(2);

    const consolidated = (await director({ method: 'GET', url: '/api/rapport/consolide/2026-03-10/2026-03-11' })).json();
    expect(consolidated.shops.find((s: { idBoutique: number }) => s.idBoutique === b)).toMatchObject({
      montantVendue: 9300,
      benefice: 3300,
      factures: 3,
    });
    expect(consolidated.total).toMatchObject({ montantVendue: 9300, montantSortieStock: 6000 });
  });
});
