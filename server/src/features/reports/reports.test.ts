import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(lines[0]).toBe('Date,Invoices,Items sold,Amount sold,Cost of items sold,Profit,Stock value');
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
