import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { createArticle } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/reception_not_deleted', () => {
  it('answers the live receptions the caller sees in every shop of theirs, and nothing of another tenant', async () => {
    const world = await createDirector(t.db, { shopCount: 2, planId: 3 });
    const director = as(t.app, await signIn(t.app, world.director));
    const keeperUser = await createUser(t.db, {
      roles: [ROLE.warehouse],
      shopIds: [world.shops[0]!.id],
      accountId: world.director.id,
    });
    const keeper = as(t.app, await signIn(t.app, keeperUser));
    const receive = async (call: typeof director, index: number) => {
      const depot = world.depots[index]!;
      const article = await createArticle(t.db, depot, { quantite: 0 });
      const body = {
        chauffeure: 0,
        fournisseur: 0,
        depot: depot.id,
        boutique: depot.shopId,
        article: [{ articles: article.id, nombre: 3 }],
      };
      const response = await call({ method: 'POST', url: '/api/reception', payload: body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().idReception as number;
    };
    const byKeeper = await receive(keeper, 0);
    const inB = await receive(director, 1);
    const deleted = await receive(director, 0);
    expect((await director({ method: 'DELETE', url: `/api/reception/${deleted}` })).statusCode).toBe(200);

    const ids = async (call: typeof director) => {
      const response = await call({ method: 'GET', url: '/api/reception_not_deleted' });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .map((r: { idReception: number }) => r.idReception)
        .sort((a: number, b: number) => a - b);
    };
    expect(await ids(director)).toEqual([byKeeper, inB]);
    expect(await ids(keeper)).toEqual([byKeeper]);

    const sellerUser = await createUser(t.db, {
      roles: [ROLE.seller],
      shopIds: [world.shops[0]!.id],
      accountId: world.director.id,
    });
    expect(
      (await as(t.app, await signIn(t.app, sellerUser))({ method: 'GET', url: '/api/reception_not_deleted' })).statusCode,
    ).toBe(403);
    const other = await createDirector(t.db);
    expect(await ids(as(t.app, await signIn(t.app, other.director)))).toEqual([]);
  });
});
