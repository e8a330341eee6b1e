import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { availableStock, createArticle } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seed 001 §7 inventaire calls', () => {
  it('list the movements of every shop of the caller and refuse to change or delete one (409), another shop 404', async () => {
    const world = await createDirector(t.db, { shopCount: 2, planId: 3 });
    const [depotA, depotB] = world.depots;
    const director = as(t.app, await signIn(t.app, world.director));
    const savon = await createArticle(t.db, depotA!, { designation: 'Savon', quantite: 7 });
    await createArticle(t.db, depotB!, { designation: 'Huile', quantite: 2 });

    const all = await director({ method: 'GET', url: '/api/inventaires_not_deleted' });
    expect(all.statusCode, all.body).toBe(200);
    expect(
      all
        .json()
        .map(
          (m: { ligneArticle: { articlesPK: { article: { designation: string } } } }) =>
            m.ligneArticle.articlesPK.article.designation,
        ),
    ).toEqual(['Huile', 'Savon']);
    const movement = all.json()[1];
    expect(movement).toMatchObject({ quantite: 7, depot: { idDepot: depotA!.id } });

    const managerUser = await createUser(t.db, {
      roles: [ROLE.manager],
      shopIds: [world.shops[0]!.id],
      accountId: world.director.id,
    });
    const manager = as(t.app, await signIn(t.app, managerUser));
    const before = await t.db.select().from(stockMovements);
    const put = await manager({
      method: 'PUT',
      url: `/api/inventaires/${movement.idInventaire}`,
      payload: { quantite: 5 },
      headers: { 'accept-language': 'fr' },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ code: 'STOCK_MOVEMENT_FIXED' });
    expect(put.json().message).toContain('Un mouvement de stock ne se modifie pas');
    const del = await director({
      method: 'DELETE',
      url: `/api/inventaires/${movement.idInventaire}`,
      headers: { 'accept-language': 'en' },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('A stock movement cannot be changed or deleted');
    expect(await t.db.select().from(stockMovements)).toEqual(before);
    expect(await availableStock(t.db, savon.id, depotA!.id)).toBe(7);

    expect(
      (await director({ method: 'PUT', url: `/api/inventaires/${movement.idInventaire}`, payload: { quantite: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect((await director({ method: 'DELETE', url: '/api/inventaires/999999' })).statusCode).toBe(404);

    const sellerUser = await createUser(t.db, {
      roles: [ROLE.seller],
      shopIds: [world.shops[0]!.id],
      accountId: world.director.id,
    });
    const seller = as(t.app, await signIn(t.app, sellerUser));
    expect((await seller({ method: 'GET', url: '/api/inventaires_not_deleted' })).statusCode).toBe(403);
    expect((await seller({ method: 'DELETE', url: `/api/inventaires/${movement.idInventaire}` })).statusCode).toBe(403);

    const other = await createDirector(t.db);
    const outsider = as(t.app, await signIn(t.app, other.director));
    expect((await outsider({ method: 'DELETE', url: `/api/inventaires/${movement.idInventaire}` })).statusCode).toBe(404);
    expect((await outsider({ method: 'PUT', url: `/api/inventaires/${movement.idInventaire}`, payload: {} })).statusCode).toBe(
      404,
    );
    expect((await outsider({ method: 'GET', url: '/api/inventaires_not_deleted' })).json()).toEqual([]);
  });
});
