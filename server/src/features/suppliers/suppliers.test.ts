import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppliers } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function shopWorld() {
  const world = await createDirector(t.db);
  const shop = world.shops[0]!;
  const userOf = async (role: (typeof ROLE)[keyof typeof ROLE]) =>
    as(t.app, await signIn(t.app, await createUser(t.db, { roles: [role], shopIds: [shop.id], accountId: world.director.id })));
  return { ...world, shop, call: as(t.app, await signIn(t.app, world.director)), userOf };
}

const body = (shopId: number, overrides: object = {}) => ({
  raisonSociale: 'Sotra Import',
  telephone: '01 02 03 04 05',
  adresse: 'Zone 4, Marcory',
  boutique: { idBoutique: shopId },
  ...overrides,
});

describe('suppliers', () => {
  it('a manager creates, lists, searches, edits and deletes; the shop may be an id or { idBoutique }', async () => {
    const { shop, userOf } = await shopWorld();
    const manager = await userOf(ROLE.manager);
    const created = await manager({ method: 'POST', url: '/api/fournisseurs', payload: body(shop.id) });
    expect(created.statusCode).toBe(201);
    const supplier = created.json();
    expect(supplier).toEqual({
      idFournisseur: expect.any(Number),
      raisonSociale: 'Sotra Import',
      telephone: '0102030405',
      adresse: 'Zone 4, Marcory',
      boutique: { idBoutique: shop.id },
    });
    const other = await manager({
      method: 'POST',
      url: '/api/fournisseurs',
      payload: body(shop.id, { raisonSociale: 'Bolloré', boutique: shop.id }),
    });
    expect(other.statusCode).toBe(201);

    const page = (await manager({ method: 'GET', url: `/api/fournisseur/page/${shop.id}/1` })).json();
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(page.data.map((s: { raisonSociale: string }) => s.raisonSociale)).toEqual(['Bolloré', 'Sotra Import']);
    expect((await manager({ method: 'GET', url: `/api/fournisseur/page/${shop.id}/1/sotra` })).json().data).toEqual([supplier]);
    expect((await manager({ method: 'GET', url: `/api/fournisseur/page/${shop.id}/1/0102` })).json().total).toBe(2);

    const edited = await manager({
      method: 'PUT',
      url: `/api/fournisseurs/${supplier.idFournisseur}`,
      payload: body(shop.id, { raisonSociale: 'Sotra Import SA' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().raisonSociale).toBe('Sotra Import SA');

    expect((await manager({ method: 'DELETE', url: `/api/fournisseurs/${supplier.idFournisseur}` })).statusCode).toBe(200);
    const [row] = await t.db.select().from(suppliers).where(eq(suppliers.id, supplier.idFournisseur));
    expect(row!.deletedAt).not.toBeNull();
    const left = (await manager({ method: 'GET', url: `/api/fournisseurs_boutique/${shop.id}` })).json();
    expect(left.map((s: { raisonSociale: string }) => s.raisonSociale)).toEqual(['Bolloré']);
    expect((await manager({ method: 'DELETE', url: `/api/fournisseurs/${supplier.idFournisseur}` })).statusCode).toBe(404);
  });

  it('validates create and edit alike (name, numeric phone, address, shop)', async () => {
    const { shop, call } = await shopWorld();
    const existing = (await call({ method: 'POST', url: '/api/fournisseurs', payload: body(shop.id) })).json();
    for (const request of [
      { method: 'POST' as const, url: '/api/fournisseurs' },
      { method: 'PUT' as const, url: `/api/fournisseurs/${existing.idFournisseur}` },
    ]) {
      const blank = await call({
        ...request,
        payload: { raisonSociale: ' ', telephone: '', adresse: '', boutique: shop.id },
        headers: { 'accept-language': 'en' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().details).toEqual(
        expect.arrayContaining([
          { field: 'body.raisonSociale', message: expect.any(String) },
          { field: 'body.telephone', message: expect.any(String) },
          { field: 'body.adresse', message: expect.any(String) },
        ]),
      );
      const letters = await call({ ...request, payload: body(shop.id, { telephone: 'zero-un' }) });
      expect(letters.statusCode).toBe(400);
      expect(letters.json().details).toEqual([{ field: 'body.telephone', message: 'Numéro de téléphone non valide.' }]);
      const noShop = await call({ ...request, payload: { raisonSociale: 'X', telephone: '0102030405', adresse: 'Y' } });
      expect(noShop.statusCode).toBe(400);
    }
  });

  it('sellers, cashiers and warehouse keepers read suppliers but do not keep them', async () => {
    const { shop, call, userOf } = await shopWorld();
    const existing = (await call({ method: 'POST', url: '/api/fournisseurs', payload: body(shop.id) })).json();
    for (const role of [ROLE.seller, ROLE.cashier, ROLE.warehouse]) {
      const user = await userOf(role);
      expect((await user({ method: 'GET', url: `/api/fournisseurs_boutique/${shop.id}` })).statusCode).toBe(200);
      expect((await user({ method: 'POST', url: '/api/fournisseurs', payload: body(shop.id) })).statusCode).toBe(403);
      expect(
        (await user({ method: 'PUT', url: `/api/fournisseurs/${existing.idFournisseur}`, payload: body(shop.id) })).statusCode,
      ).toBe(403);
      expect((await user({ method: 'DELETE', url: `/api/fournisseurs/${existing.idFournisseur}` })).statusCode).toBe(403);
    }
  });

  it("another shop's supplier is not found, and another shop cannot be named", async () => {
    const a = await shopWorld();
    const b = await shopWorld();
    const supplier = (await a.call({ method: 'POST', url: '/api/fournisseurs', payload: body(a.shop.id) })).json();
    expect(
      (await b.call({ method: 'PUT', url: `/api/fournisseurs/${supplier.idFournisseur}`, payload: body(b.shop.id) })).statusCode,
    ).toBe(404);
    expect((await b.call({ method: 'DELETE', url: `/api/fournisseurs/${supplier.idFournisseur}` })).statusCode).toBe(404);
    expect((await b.call({ method: 'POST', url: '/api/fournisseurs', payload: body(a.shop.id) })).statusCode).toBe(403);
    expect((await b.call({ method: 'GET', url: `/api/fournisseur/page/${a.shop.id}/1` })).statusCode).toBe(403);
    expect((await b.call({ method: 'GET', url: `/api/fournisseurs_boutique/${a.shop.id}` })).statusCode).toBe(403);
    // A's supplier is untouched.
    const [row] = await t.db.select().from(suppliers).where(eq(suppliers.id, supplier.idFournisseur));
    expect(row!.deletedAt).toBeNull();
  });
});
