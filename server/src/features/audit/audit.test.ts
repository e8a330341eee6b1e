import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { createArticle, saleBody } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/audit/page/{b}/{p}[/{search}]', () => {
  it("shows the director the shop's sensitive actions and the account's user changes, newest first, searchable", async () => {
    const world = await createDirector(t.db, { planId: 4, counts: { shops: 3, depots: 5, users: 20 } });
    const shop = world.shops[0]!;
    const depot = world.depots[0]!;
    const director = as(t.app, await signIn(t.app, world.director));
    const sellerUser = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id], accountId: world.director.id });
    const seller = as(t.app, await signIn(t.app, sellerUser));
    const article = await createArticle(t.db, depot, { prix: 1500, quantite: 10 });

    // A sale deleted by the director, a stock count, a user deleted (a line without shop).
    const sold = await seller({
      method: 'POST',
      url: '/api/factures_generate',
      payload: saleBody({ shop, depot }, [{ articles: article.id, nombre: 2 }]),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await director({ method: 'DELETE', url: `/api/factures/${sold.json().idFacture}` })).statusCode).toBe(200);
    const counted = await director({
      method: 'POST',
      url: '/api/inventaires',
      payload: { boutique: shop.id, depot: depot.id, motif: 'Casse', lignes: [{ article: article.id, quantiteComptee: 7 }] },
    });
    expect(counted.statusCode, counted.body).toBe(201);
    const gone = await createUser(t.db, { roles: [ROLE.cashier], shopIds: [shop.id], accountId: world.director.id });
    expect((await director({ method: 'DELETE', url: `/api/users/${gone.id}` })).statusCode).toBe(200);

    // Another account's actions never show.
    const other = await createDirector(t.db);
    const otherCall = as(t.app, await signIn(t.app, other.director));
    const otherUser = await createUser(t.db, { roles: [ROLE.seller], shopIds: [other.shops[0]!.id], accountId: other.director.id });
    expect((await otherCall({ method: 'DELETE', url: `/api/users/${otherUser.id}` })).statusCode).toBe(200);

    const page = await director({ method: 'GET', url: `/api/audit/page/${shop.id}/1` });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.data.map((e: { action: string }) => e.action)).toEqual(['user.delete', 'stock.count', 'invoice.delete']);
    expect(body.total).toBe(3);
    const [deletion, count, invoice] = body.data;
    expect(deletion).toMatchObject({ entity: 'user', entityId: gone.id, user: { username: world.director.username } });
    expect(count).toMatchObject({
      entity: 'stock_count',
      entityId: counted.json().idComptage,
      before: { depotId: depot.id, lines: [{ articleId: article.id, quantity: 10 }] },
      after: { reason: 'Casse', lines: [{ articleId: article.id, quantity: 7 }] },
    });
    expect(invoice).toMatchObject({ entity: 'invoice', before: { totalFcfa: 3000 }, user: { username: world.director.username } });
    expect(Number.isNaN(Date.parse(invoice.createdAt))).toBe(false);

    const search = (await director({ method: 'GET', url: `/api/audit/page/${shop.id}/1/invoice` })).json();
    expect(search.data.map((e: { action: string }) => e.action)).toEqual(['invoice.delete']);
    const byUser = (await director({ method: 'GET', url: `/api/audit/page/${shop.id}/1/${world.director.username}` })).json();
    expect(byUser.total).toBe(3);
  });

  it('is for directors only, and only in their own shops', async () => {
    const world = await createDirector(t.db);
    const shopId = world.shops[0]!.id;
    for (const role of [ROLE.manager, ROLE.seller, ROLE.cashier, ROLE.warehouse]) {
      const user = await createUser(t.db, { roles: [role], shopIds: [shopId], accountId: world.director.id });
      const call = as(t.app, await signIn(t.app, user));
      expect((await call({ method: 'GET', url: `/api/audit/page/${shopId}/1` })).statusCode, `role ${role}`).toBe(403);
    }
    const other = await createDirector(t.db);
    const otherCall = as(t.app, await signIn(t.app, other.director));
    const refused = await otherCall({ method: 'GET', url: `/api/audit/page/${shopId}/1` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_SHOP_MEMBER');
    expect((await t.app.inject({ method: 'GET', url: `/api/audit/page/${shopId}/1` })).statusCode).toBe(401);
  });
});
