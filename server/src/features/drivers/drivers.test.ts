import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../db/schema/index.js';
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
  nom: 'Kouassi Yao',
  telephone: '07 08 09 10 11',
  boutique: shopId,
  ...overrides,
});

describe('drivers', () => {
  it('a director creates, lists, searches, edits and deletes', async () => {
    const { shop, call } = await shopWorld();
    const created = await call({ method: 'POST', url: '/api/chauffeur', payload: body(shop.id) });
    expect(created.statusCode).toBe(201);
    const driver = created.json();
    expect(driver).toEqual({
      id: expect.any(Number),
      nom: 'Kouassi Yao',
      telephone: '0708091011',
      boutique: { idBoutique: shop.id },
    });
    await call({
      method: 'POST',
      url: '/api/chauffeur',
      payload: body(shop.id, { nom: 'Adama Traoré', telephone: '0505050505', boutique: { idBoutique: shop.id } }),
    });

    const page = (await call({ method: 'GET', url: `/api/chauffeur/page/${shop.id}/1` })).json();
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(page.data.map((d: { nom: string }) => d.nom)).toEqual(['Adama Traoré', 'Kouassi Yao']);
    expect((await call({ method: 'GET', url: `/api/chauffeur/page/${shop.id}/1/kouassi` })).json().data).toEqual([driver]);
    expect((await call({ method: 'GET', url: `/api/chauffeur/page/${shop.id}/1/0505` })).json().total).toBe(1);

    const edited = await call({
      method: 'PUT',
      url: `/api/chauffeur/${driver.id}`,
      payload: body(shop.id, { nom: 'Kouassi Yao Jean' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().nom).toBe('Kouassi Yao Jean');

    expect((await call({ method: 'DELETE', url: `/api/chauffeur/${driver.id}` })).statusCode).toBe(200);
    const [row] = await t.db.select().from(drivers).where(eq(drivers.id, driver.id));
    expect(row!.deletedAt).not.toBeNull();
    const left = (await call({ method: 'GET', url: `/api/chauffeur/boutique/${shop.id}` })).json();
    expect(left.map((d: { nom: string }) => d.nom)).toEqual(['Adama Traoré']);
    expect((await call({ method: 'PUT', url: `/api/chauffeur/${driver.id}`, payload: body(shop.id) })).statusCode).toBe(404);
  });

  it('validates create and edit alike: name and numeric phone required', async () => {
    const { shop, call } = await shopWorld();
    const existing = (await call({ method: 'POST', url: '/api/chauffeur', payload: body(shop.id) })).json();
    for (const request of [
      { method: 'POST' as const, url: '/api/chauffeur' },
      { method: 'PUT' as const, url: `/api/chauffeur/${existing.id}` },
    ]) {
      const blank = await call({
        ...request,
        payload: { nom: '', telephone: '', boutique: shop.id },
        headers: { 'accept-language': 'en' },
      });
      expect(blank.statusCode).toBe(400);
      expect(
        blank
          .json()
          .details.map((d: { field: string }) => d.field)
          .sort(),
      ).toEqual(['body.nom', 'body.telephone']);
      const letters = await call({
        ...request,
        payload: body(shop.id, { telephone: '07 AB' }),
        headers: { 'accept-language': 'en' },
      });
      expect(letters.statusCode).toBe(400);
      expect(letters.json().details).toEqual([{ field: 'body.telephone', message: expect.stringMatching(/phone/i) }]);
    }
  });

  it('sellers, cashiers and warehouse keepers quick-add a driver; only directors edit and delete; managers only read', async () => {
    const { shop, call, userOf } = await shopWorld();
    const existing = (await call({ method: 'POST', url: '/api/chauffeur', payload: body(shop.id) })).json();
    for (const role of [ROLE.seller, ROLE.cashier, ROLE.warehouse]) {
      const user = await userOf(role);
      expect(
        (await user({ method: 'POST', url: '/api/chauffeur', payload: body(shop.id, { nom: `Chauffeur ${role}` }) })).statusCode,
      ).toBe(201);
      expect((await user({ method: 'GET', url: `/api/chauffeur/boutique/${shop.id}` })).statusCode).toBe(200);
      expect((await user({ method: 'PUT', url: `/api/chauffeur/${existing.id}`, payload: body(shop.id) })).statusCode).toBe(403);
      expect((await user({ method: 'DELETE', url: `/api/chauffeur/${existing.id}` })).statusCode).toBe(403);
    }
    const manager = await userOf(ROLE.manager);
    expect((await manager({ method: 'POST', url: '/api/chauffeur', payload: body(shop.id) })).statusCode).toBe(403);
    expect((await manager({ method: 'GET', url: `/api/chauffeur/page/${shop.id}/1` })).json().total).toBe(4);
  });

  it("another shop's driver is not found, and another shop cannot be named", async () => {
    const a = await shopWorld();
    const b = await shopWorld();
    const driver = (await a.call({ method: 'POST', url: '/api/chauffeur', payload: body(a.shop.id) })).json();
    expect((await b.call({ method: 'PUT', url: `/api/chauffeur/${driver.id}`, payload: body(b.shop.id) })).statusCode).toBe(404);
    expect((await b.call({ method: 'DELETE', url: `/api/chauffeur/${driver.id}` })).statusCode).toBe(404);
    expect((await b.call({ method: 'POST', url: '/api/chauffeur', payload: body(a.shop.id) })).statusCode).toBe(403);
    expect((await b.call({ method: 'GET', url: `/api/chauffeur/page/${a.shop.id}/1/x` })).statusCode).toBe(403);
    expect((await b.call({ method: 'GET', url: `/api/chauffeur/boutique/${a.shop.id}` })).statusCode).toBe(403);
    // A PUT naming A's shop in its body for B's own driver is refused too.
    const own = (await b.call({ method: 'POST', url: '/api/chauffeur', payload: body(b.shop.id) })).json();
    expect((await b.call({ method: 'PUT', url: `/api/chauffeur/${own.id}`, payload: body(a.shop.id) })).statusCode).toBe(403);
  });
});
