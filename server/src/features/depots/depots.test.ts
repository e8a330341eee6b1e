import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depotUsers, depots } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { assignDepot, createDepot, createDirector, createUser, signIn } from '../../test/factories.js';
import { availableStock, createArticle } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function director(options: { shopCount?: number; planId?: 2 | 3 | 4 } = {}) {
  const world = await createDirector(t.db, { shopCount: options.shopCount ?? 1, planId: options.planId ?? 3 });
  return { ...world, call: as(t.app, await signIn(t.app, world.director)) };
}

describe('depots', () => {
  it('creates, lists, searches, edits and deletes', async () => {
    const { call, shops, depots: existing } = await director();
    const shop = shops[0]!;
    const created = await call({
      method: 'POST',
      url: '/api/depots',
      payload: { libelle: 'Magasin Treichville', boutique: { idBoutique: shop.id } },
    });
    expect(created.statusCode).toBe(201);
    const depot = created.json();
    expect(depot).toEqual({
      idDepot: expect.any(Number),
      libelle: 'Magasin Treichville',
      boutique: { idBoutique: shop.id, nom: shop.nom },
    });

    const page = (await call({ method: 'GET', url: `/api/depot/page/${shop.id}/1` })).json();
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(page.data.map((d: { idDepot: number }) => d.idDepot).sort()).toEqual([existing[0]!.id, depot.idDepot].sort());
    expect((await call({ method: 'GET', url: `/api/depot/page/${shop.id}/1/treich` })).json().data).toEqual([depot]);
    // The shop's name matches too: every depot of the shop.
    expect(
      (await call({ method: 'GET', url: `/api/depot/page/${shop.id}/1/${encodeURIComponent(shop.nom)}` })).json().total,
    ).toBe(2);

    const edited = await call({
      method: 'PUT',
      url: `/api/depots/${depot.idDepot}`,
      payload: { libelle: 'Magasin Plateau', boutique: { idBoutique: shop.id } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().libelle).toBe('Magasin Plateau');

    expect((await call({ method: 'DELETE', url: `/api/depots/${depot.idDepot}` })).statusCode).toBe(200);
    const [row] = await t.db.select().from(depots).where(eq(depots.id, depot.idDepot));
    expect(row!.deletedAt).not.toBeNull();
    const after = (await call({ method: 'GET', url: `/api/ligne_depot_current_boutique/${shop.id}` })).json();
    expect(after.map((d: { idDepot: number }) => d.idDepot)).toEqual([existing[0]!.id]);
    expect((await call({ method: 'DELETE', url: `/api/depots/${depot.idDepot}` })).statusCode).toBe(404);
  });

  it('validates create and edit alike', async () => {
    const { call, depots: existing } = await director();
    for (const request of [
      { method: 'POST' as const, url: '/api/depots' },
      { method: 'PUT' as const, url: `/api/depots/${existing[0]!.id}` },
    ]) {
      const response = await call({ ...request, payload: { libelle: ' ' }, headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual(
        expect.arrayContaining([
          { field: 'body.libelle', message: 'This field is required.' },
          { field: 'body.boutique', message: 'This field is required.' },
        ]),
      );
    }
  });

  it("refuses the plan's limit (Bronze: 1 depot) with a message naming it", async () => {
    const { call, shops } = await director({ planId: 2 });
    const response = await call({
      method: 'POST',
      url: '/api/depots',
      payload: { libelle: 'Second', boutique: { idBoutique: shops[0]!.id } },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PLAN_LIMIT', details: { kind: 'depots', limit: 1, used: 1 } });
    expect(response.json().message).toContain('1 dépôt.');
  });

  it("refuses another director's shop and depots", async () => {
    const { call, shops } = await director();
    const other = await director();
    const create = await call({
      method: 'POST',
      url: '/api/depots',
      payload: { libelle: 'Hijack', boutique: { idBoutique: other.shops[0]!.id } },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('NOT_SHOP_MEMBER');
    const edit = await call({
      method: 'PUT',
      url: `/api/depots/${other.depots[0]!.id}`,
      payload: { libelle: 'Hijack', boutique: { idBoutique: shops[0]!.id } },
    });
    expect(edit.statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/depots/${other.depots[0]!.id}` })).statusCode).toBe(404);
    const list = await call({ method: 'GET', url: `/api/depot/page/${other.shops[0]!.id}/1` });
    expect(list.statusCode).toBe(403);
    // Moving one's own depot into another director's shop is refused too.
    const move = await call({
      method: 'PUT',
      url: `/api/depots/${(await director()).depots[0]!.id}`,
      payload: { libelle: 'X', boutique: { idBoutique: shops[0]!.id } },
    });
    expect(move.statusCode).toBe(404);
    const [theirs] = await t.db.select().from(depots).where(eq(depots.id, other.depots[0]!.id));
    expect(theirs!.libelle).toBe(other.depots[0]!.libelle);
    expect(theirs!.deletedAt).toBeNull();
  });

  it("moves a depot to another shop of the caller, keeping only assignments of that shop's members", async () => {
    const { call, director: owner, shops, depots: existing } = await director({ shopCount: 2 });
    const both = await createUser(t.db, { roles: [ROLE.seller], shopIds: shops.map((s) => s.id), accountId: owner.id });
    const firstOnly = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    await assignDepot(t.db, existing[0]!, both.id);
    await assignDepot(t.db, existing[0]!, firstOnly.id);
    const moved = await call({
      method: 'PUT',
      url: `/api/depots/${existing[0]!.id}`,
      payload: { libelle: 'Moved', boutique: { idBoutique: shops[1]!.id } },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().boutique).toEqual({ idBoutique: shops[1]!.id, nom: shops[1]!.nom });
    const links = await t.db.select().from(depotUsers).where(eq(depotUsers.depotId, existing[0]!.id));
    expect(links.map((l) => [l.userId, l.shopId])).toEqual([[both.id, shops[1]!.id]]);
  });

  it('a depot holding stock is not deleted, and one stock has moved through stays in its shop (no stock lost without a movement)', async () => {
    const { call, shops, depots: existing } = await director({ shopCount: 2 });
    const shop = shops[0]!;
    const extra = (
      await call({ method: 'POST', url: '/api/depots', payload: { libelle: 'Réserve', boutique: { idBoutique: shop.id } } })
    ).json();
    const article = await createArticle(t.db, { id: extra.idDepot, shopId: shop.id }, { quantite: 2, prixAchat: 1_500 });

    const refused = await call({ method: 'DELETE', url: `/api/depots/${extra.idDepot}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DEPOT_NOT_EMPTY' });
    expect(refused.json().message).toContain('2 unités en stock');
    const moved = await call({
      method: 'PUT',
      url: `/api/depots/${extra.idDepot}`,
      payload: { libelle: 'Réserve', boutique: { idBoutique: shops[1]!.id } },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'DEPOT_HAS_STOCK_HISTORY' });
    const [row] = await t.db.select().from(depots).where(eq(depots.id, extra.idDepot));
    expect(row).toMatchObject({ shopId: shop.id, deletedAt: null });
    expect(await availableStock(t.db, article.id, extra.idDepot)).toBe(2);

    // Emptied by a transfer (a movement each way), it may go; it never leaves its shop.
    const transfer = await call({
      method: 'POST',
      url: '/api/transferts',
      payload: {
        boutique: shop.id,
        article: article.id,
        depotSource: extra.idDepot,
        depotDestination: existing[0]!.id,
        quantite: 2,
      },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect(
      (
        await call({
          method: 'PUT',
          url: `/api/depots/${extra.idDepot}`,
          payload: { libelle: 'Réserve', boutique: { idBoutique: shops[1]!.id } },
        })
      ).statusCode,
    ).toBe(409);
    expect((await call({ method: 'DELETE', url: `/api/depots/${extra.idDepot}` })).statusCode).toBe(200);
    expect(await availableStock(t.db, article.id, existing[0]!.id)).toBe(2);
  });

  it('deleting a depot ends its assignments', async () => {
    const { call, director: owner, shops, depots: existing } = await director();
    const user = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    await assignDepot(t.db, existing[0]!, user.id);
    expect((await call({ method: 'DELETE', url: `/api/depots/${existing[0]!.id}` })).statusCode).toBe(200);
    expect(await t.db.select().from(depotUsers).where(eq(depotUsers.depotId, existing[0]!.id))).toEqual([]);
  });

  it('lets shop roles read depot lists but only directors write', async () => {
    const { director: owner, shops, depots: existing } = await director();
    const second = await createDepot(t.db, shops[0]!.id, 'Annexe');
    const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    await assignDepot(t.db, second, seller.id);
    const call = as(t.app, await signIn(t.app, seller));
    expect((await call({ method: 'GET', url: `/api/depot/page/${shops[0]!.id}/1` })).json().total).toBe(2);
    const connected = (await call({ method: 'GET', url: '/api/ligne/depot/connect/user' })).json();
    expect(connected).toEqual([
      { idDepot: second.id, libelle: 'Annexe', boutique: { idBoutique: shops[0]!.id, nom: shops[0]!.nom } },
    ]);
    expect((await call({ method: 'GET', url: `/api/ligne_depot_current_user/${shops[0]!.id}` })).json()).toEqual(connected);
    const all = (await call({ method: 'GET', url: `/api/ligne_depot_current_boutique/${shops[0]!.id}` })).json();
    expect(all.map((d: { idDepot: number }) => d.idDepot).sort()).toEqual([existing[0]!.id, second.id].sort());
    const create = await call({
      method: 'POST',
      url: '/api/depots',
      payload: { libelle: 'X', boutique: { idBoutique: shops[0]!.id } },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('FORBIDDEN');
  });
});
