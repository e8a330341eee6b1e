import { randomUUID } from 'node:crypto';
import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, refusedSales } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';

// A sale refused for good, reported by the device that keeps it (issue 20 item 5): recorded once
// per sale id, seen by the shop's directors and managers, marked handled; nothing in the books.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function shopWithStaff() {
  const { director, shops } = await createDirector(t.db, { planId: 4, counts: { shops: 2, depots: 3, users: 20 } });
  const shop = shops[0]!;
  const user = async (role: (typeof ROLE)[keyof typeof ROLE]) => as(t.app, await signIn(t.app, await createUser(t.db, { roles: [role], shopIds: [shop.id] })));
  return { shop, director: as(t.app, await signIn(t.app, director)), cashier: await user(ROLE.cashier), manager: await user(ROLE.manager), seller: await user(ROLE.seller) };
}

const report = (shopId: number, overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  boutique: shopId,
  refTicket: 'T7K2-000042',
  vendueLe: '2026-11-20T09:15:00.000Z',
  montant: 4500,
  code: 'SALE_TIME_OUT_OF_WINDOW',
  message: "L'heure de la vente est hors de la fenêtre acceptée.",
  lignes: [
    { designation: 'Riz 25 kg', quantite: 1 },
    { designation: 'Huile 1 L', quantite: 2 },
  ],
  ...overrides,
});

describe('refused sales reported by the device', () => {
  it('records a report once per sale id, lists it for managers with what the device charged, and marks it handled', async () => {
    const w = await shopWithStaff();
    const body = report(w.shop.id);
    const first = await w.cashier({ method: 'POST', url: '/api/ventes/refusees', payload: body });
    expect(first.statusCode).toBe(201);
    const stored = first.json();
    expect(stored).toMatchObject({
      idVente: body.id,
      refTicket: 'T7K2-000042',
      vendueLe: '2026-11-20T09:15:00.000Z',
      montant: 4500,
      code: 'SALE_TIME_OUT_OF_WINDOW',
      lignes: body.lignes,
      traiteLe: null,
      traitePar: null,
    });
    // Sent again (the device did not get the answer): the same report, nothing more.
    const again = await w.cashier({ method: 'POST', url: '/api/ventes/refusees', payload: { ...body, montant: 9999 } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(stored);
    expect(await t.db.select().from(refusedSales).where(eq(refusedSales.shopId, w.shop.id))).toHaveLength(1);
    // Nothing in the books.
    expect(await t.db.select().from(invoices).where(eq(invoices.shopId, w.shop.id))).toHaveLength(0);

    const listed = await w.manager({ method: 'GET', url: `/api/ecarts/refus/boutique/${w.shop.id}/1` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ total: 1, data: [{ idRefus: stored.idRefus, traiteLe: null }] });
    expect(listed.json().data[0].user.username).toBe(stored.user.username);
    // The screens name the seller by first name and name.
    expect(listed.json().data[0].user).toMatchObject({ nom: expect.any(String), prenom: expect.any(String) });
    expect(listed.json().data[0].user.nom.length).toBeGreaterThan(0);

    const handled = await w.manager({ method: 'PUT', url: `/api/ecarts/refus/${stored.idRefus}/traite` });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().traiteLe).not.toBeNull();
    expect(handled.json().traitePar).not.toBeNull();
    // Marked twice: the first mark stands.
    const twice = await w.director({ method: 'PUT', url: `/api/ecarts/refus/${stored.idRefus}/traite` });
    expect(twice.json().traiteLe).toBe(handled.json().traiteLe);
    expect(twice.json().traitePar).toEqual(handled.json().traitePar);
  });

  it('lists those to handle first, and keeps each shop to itself', async () => {
    const w = await shopWithStaff();
    const other = await shopWithStaff();
    const older = (await w.seller({ method: 'POST', url: '/api/ventes/refusees', payload: report(w.shop.id) })).json();
    const newer = (await w.cashier({ method: 'POST', url: '/api/ventes/refusees', payload: report(w.shop.id) })).json();
    await other.cashier({ method: 'POST', url: '/api/ventes/refusees', payload: report(other.shop.id) });
    await w.manager({ method: 'PUT', url: `/api/ecarts/refus/${newer.idRefus}/traite` });
    const page = (await w.director({ method: 'GET', url: `/api/ecarts/refus/boutique/${w.shop.id}/1` })).json();
    expect(page.data.map((r: { idRefus: number }) => r.idRefus)).toEqual([older.idRefus, newer.idRefus]);
    // Another shop's manager: its record is not found, its list is not theirs.
    expect((await other.manager({ method: 'PUT', url: `/api/ecarts/refus/${older.idRefus}/traite` })).statusCode).toBe(404);
    expect((await other.manager({ method: 'GET', url: `/api/ecarts/refus/boutique/${w.shop.id}/1` })).statusCode).toBe(403);
    // Reporting into another shop is refused.
    expect((await other.cashier({ method: 'POST', url: '/api/ventes/refusees', payload: report(w.shop.id) })).statusCode).toBe(403);
  });

  it('refuses bad reports with the error shape and writes nothing', async () => {
    const w = await shopWithStaff();
    const bad = [
      { id: 'not-a-uuid' },
      { vendueLe: 'yesterday' },
      { montant: -5 },
      { montant: 12.5 },
      { refTicket: '' },
      { code: '' },
      { lignes: [{ designation: '', quantite: 1 }] },
      { lignes: [{ designation: 'Riz', quantite: 0 }] },
      { message: 'x'.repeat(501) },
    ];
    for (const overrides of bad) {
      const answer = await w.cashier({ method: 'POST', url: '/api/ventes/refusees', payload: report(w.shop.id, overrides), headers: { 'accept-language': 'en' } });
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(answer.json().code).toBeTypeOf('string');
      expect(answer.json().message).toBeTypeOf('string');
    }
    expect(await t.db.select().from(refusedSales).where(eq(refusedSales.shopId, w.shop.id))).toHaveLength(0);
  });
  it('a refused sale of a billion FCFA or more (two lorries) is reported like any other', async () => {
    const w = await shopWithStaff();
    const reported = await w.cashier({ method: 'POST', url: '/api/ventes/refusees', payload: report(w.shop.id, { montant: 2_300_000_000 }) });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(reported.json()).toMatchObject({ montant: 2_300_000_000 });
  });
});
