import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depotUsers } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { assignDepot, createDepot, createDirector, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function director(shopCount = 1) {
  const world = await createDirector(t.db, { shopCount });
  return { ...world, call: as(t.app, await signIn(t.app, world.director)) };
}

describe('depot-user assignment', () => {
  it('assigns, lists, searches and unassigns', async () => {
    const { call, director: owner, shops, depots } = await director();
    const shop = shops[0]!;
    const depot = depots[0]!;
    const keeper = await createUser(t.db, { roles: [ROLE.warehouse], shopIds: [shop.id], accountId: owner.id });

    const created = await call({ method: 'POST', url: '/api/ligne_depot', payload: { depots: depot.id, users: keeper.id } });
    expect(created.statusCode).toBe(201);
    const row = {
      depot: { idDepot: depot.id, libelle: depot.libelle },
      boutique: { idBoutique: shop.id, nom: shop.nom },
      user: { idUser: keeper.id, username: keeper.username, nom: 'Nom', prenom: 'Prenom' },
      depotsPK: { depot: depot.id, user: keeper.id },
    };
    expect(created.json()).toEqual(row);

    const page = (await call({ method: 'GET', url: `/api/boutique/depot/user/directeur/page/${shop.id}/1` })).json();
    expect(page).toEqual({ data: [row], current_page: 1, last_page: 1, total: 1 });
    expect(
      (await call({ method: 'GET', url: `/api/boutique/depot/user/directeur/page/${shop.id}/1/${keeper.username}` })).json().data,
    ).toEqual([row]);
    expect(
      (await call({ method: 'GET', url: `/api/boutique/depot/user/directeur/page/${shop.id}/1/nothing-like-it` })).json().data,
    ).toEqual([]);

    const duplicate = await call({ method: 'POST', url: '/api/ligne_depot', payload: { depots: depot.id, users: keeper.id } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('ALREADY_ASSIGNED');

    expect((await call({ method: 'DELETE', url: `/api/delete/ligne/depot/${depot.id}/${keeper.id}` })).statusCode).toBe(200);
    expect(await t.db.select().from(depotUsers).where(eq(depotUsers.userId, keeper.id))).toEqual([]);
    expect((await call({ method: 'DELETE', url: `/api/delete/ligne/depot/${depot.id}/${keeper.id}` })).statusCode).toBe(404);
  });

  it('requires a user and a depot', async () => {
    const { call } = await director();
    const response = await call({ method: 'POST', url: '/api/ligne_depot', payload: {}, headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'body.depots', message: 'Ce champ est obligatoire.' },
      { field: 'body.users', message: 'Ce champ est obligatoire.' },
    ]);
  });

  it("refuses a user who is not a member of the depot's shop", async () => {
    const { call, director: owner, shops, depots } = await director(2);
    const elsewhere = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[1]!.id], accountId: owner.id });
    const response = await call({
      method: 'POST',
      url: '/api/ligne_depot',
      payload: { depots: depots[0]!.id, users: elsewhere.id },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'USER_NOT_IN_DEPOT_SHOP', details: [{ field: 'body.users' }] });
  });

  it("answers 404 for another director's depot or user, and 403 for their shop", async () => {
    const { call, director: owner, shops, depots } = await director();
    const other = await director();
    const mine = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    const theirs = await createUser(t.db, { roles: [ROLE.seller], shopIds: [other.shops[0]!.id], accountId: other.director.id });
    await assignDepot(t.db, other.depots[0]!, theirs.id);

    const theirDepot = await call({
      method: 'POST',
      url: '/api/ligne_depot',
      payload: { depots: other.depots[0]!.id, users: mine.id },
    });
    expect(theirDepot.statusCode).toBe(404);
    const theirUser = await call({
      method: 'POST',
      url: '/api/ligne_depot',
      payload: { depots: depots[0]!.id, users: theirs.id },
    });
    expect(theirUser.statusCode).toBe(404);
    const unassign = await call({ method: 'DELETE', url: `/api/delete/ligne/depot/${other.depots[0]!.id}/${theirs.id}` });
    expect(unassign.statusCode).toBe(404);
    expect(await t.db.select().from(depotUsers).where(eq(depotUsers.userId, theirs.id))).toHaveLength(1);
    const list = await call({ method: 'GET', url: `/api/boutique/depot/user/directeur/page/${other.shops[0]!.id}/1` });
    expect(list.statusCode).toBe(403);
  });

  it('is for directors only', async () => {
    const { director: owner, shops } = await director();
    const depot = await createDepot(t.db, shops[0]!.id);
    const manager = await createUser(t.db, { roles: [ROLE.manager], shopIds: [shops[0]!.id], accountId: owner.id });
    const call = as(t.app, await signIn(t.app, manager));
    const response = await call({ method: 'POST', url: '/api/ligne_depot', payload: { depots: depot.id, users: manager.id } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
    expect((await call({ method: 'GET', url: `/api/boutique/depot/user/directeur/page/${shops[0]!.id}/1` })).statusCode).toBe(
      403,
    );
  });
});
