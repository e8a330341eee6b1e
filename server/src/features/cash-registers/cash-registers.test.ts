import { ROLE } from '@app/common/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashRegisters } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createShop, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function director() {
  const world = await createDirector(t.db, { planId: 3 });
  return { ...world, call: as(t.app, await signIn(t.app, world.director)) };
}

describe('cash registers', () => {
  it('every new shop gets its default register', async () => {
    const { director: owner, shops } = await director();
    const second = await createShop(t.db, owner.id);
    for (const shop of [shops[0]!, second]) {
      const rows = await t.db
        .select()
        .from(cashRegisters)
        .where(and(eq(cashRegisters.shopId, shop.id), eq(cashRegisters.isDefault, true)));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.libelle).toBe('Caisse principale');
    }
  });

  it('creates, lists, renames and deletes; the default one stays', async () => {
    const { call, shops } = await director();
    const shop = shops[0]!;
    const created = await call({
      method: 'POST',
      url: '/api/caisses',
      payload: { libelle: 'Caisse 2', boutique: { idBoutique: shop.id } },
    });
    expect(created.statusCode).toBe(201);
    const register = created.json();
    expect(register).toEqual({
      idCaisse: expect.any(Number),
      libelle: 'Caisse 2',
      parDefaut: false,
      boutique: { idBoutique: shop.id },
    });

    const list = (await call({ method: 'GET', url: `/api/caisses_boutique/${shop.id}` })).json();
    expect(list.map((r: { libelle: string }) => r.libelle)).toEqual(['Caisse principale', 'Caisse 2']);

    const renamed = await call({
      method: 'PUT',
      url: `/api/caisses/${register.idCaisse}`,
      payload: { libelle: 'Comptoir', boutique: shop.id },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().libelle).toBe('Comptoir');

    expect((await call({ method: 'DELETE', url: `/api/caisses/${register.idCaisse}` })).statusCode).toBe(200);
    expect((await call({ method: 'DELETE', url: `/api/caisses/${register.idCaisse}` })).statusCode).toBe(404);
    const main = list[0];
    const refused = await call({ method: 'DELETE', url: `/api/caisses/${main.idCaisse}`, headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BUILT_IN', message: expect.stringContaining('cannot be deleted') });
    expect((await call({ method: 'GET', url: `/api/caisses_boutique/${shop.id}` })).json()).toHaveLength(1);
  });

  it('validates the label', async () => {
    const { call, shops } = await director();
    const response = await call({
      method: 'POST',
      url: '/api/caisses',
      payload: { libelle: '  ', boutique: shops[0]!.id },
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'body.libelle', message: 'This field is required.' }]);
  });

  it("refuses another shop's registers (404) and non-directors' writes (403)", async () => {
    const { call, director: owner, shops } = await director();
    const other = await director();
    const [theirs] = await t.db.select().from(cashRegisters).where(eq(cashRegisters.shopId, other.shops[0]!.id));
    expect(
      (await call({ method: 'PUT', url: `/api/caisses/${theirs!.id}`, payload: { libelle: 'X', boutique: shops[0]!.id } }))
        .statusCode,
    ).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/caisses/${theirs!.id}` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/caisses_boutique/${other.shops[0]!.id}` })).statusCode).toBe(403);
    expect(
      (await call({ method: 'POST', url: '/api/caisses', payload: { libelle: 'X', boutique: other.shops[0]!.id } })).statusCode,
    ).toBe(403);

    const cashier = await createUser(t.db, { roles: [ROLE.cashier], shopIds: [shops[0]!.id], accountId: owner.id });
    const asCashier = as(t.app, await signIn(t.app, cashier));
    expect((await asCashier({ method: 'GET', url: `/api/caisses_boutique/${shops[0]!.id}` })).statusCode).toBe(200);
    expect(
      (await asCashier({ method: 'POST', url: '/api/caisses', payload: { libelle: 'X', boutique: shops[0]!.id } })).statusCode,
    ).toBe(403);

    // A manager rings sales at the till (issue 19 item 4): they read the registers to pick one, and manage none.
    const manager = await createUser(t.db, { roles: [ROLE.manager], shopIds: [shops[0]!.id], accountId: owner.id });
    const asManager = as(t.app, await signIn(t.app, manager));
    expect((await asManager({ method: 'GET', url: `/api/caisses_boutique/${shops[0]!.id}` })).statusCode).toBe(200);
    expect((await asManager({ method: 'GET', url: `/api/caisses_boutique/${other.shops[0]!.id}` })).statusCode).toBe(403);
    expect(
      (await asManager({ method: 'POST', url: '/api/caisses', payload: { libelle: 'X', boutique: shops[0]!.id } })).statusCode,
    ).toBe(403);
    const keeper = await createUser(t.db, { roles: [ROLE.warehouse], shopIds: [shops[0]!.id], accountId: owner.id });
    expect((await as(t.app, await signIn(t.app, keeper))({ method: 'GET', url: `/api/caisses_boutique/${shops[0]!.id}` })).statusCode).toBe(403);
  });
});
