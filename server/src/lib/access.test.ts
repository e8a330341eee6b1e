import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { checkNamedShops, namedShops, type Actor } from './access.js';

const actor: Actor = {
  userId: 7,
  sessionId: 1,
  username: 'awa',
  displayName: 'awa',
  roles: [2],
  shopIds: [10, 11],
  accountId: 7,
  subscriptionEndsAt: null,
  subscriptionExpired: false,
};
const db = {} as never;
const codeOf = async (promise: Promise<unknown>) => promise.then(() => 'ok', (error: unknown) => (error instanceof AppError ? error.code : String(error)));

describe('namedShops', () => {
  it('reads the shop from the path and from the body in every shape the old client sends', () => {
    expect(namedShops({ idBoutique: 10, page: 1 }, undefined)).toEqual([10]);
    expect(namedShops({ b: 11 }, { boutique: 11 })).toEqual([11]);
    expect(namedShops({}, { boutique: { idBoutique: 12, nom: 'X' } })).toEqual([12]);
    expect(namedShops({}, { boutiques: [10, { idBoutique: 13 }] })).toEqual([10, 13]);
    expect(namedShops({}, { boutiques: 14 })).toEqual([14]);
    expect(namedShops({ idDepot: 3 }, { libelle: 'x' })).toEqual([]);
  });

  it('turns a value that names a shop badly into an unknown shop, never into nothing', () => {
    expect(namedShops({}, { boutique: 'abc' })).toEqual([0]);
    expect(namedShops({}, { boutique: { idBoutique: null } })).toEqual([0]);
  });
});

describe('checkNamedShops', () => {
  it('refuses a shop of the path or the body the caller is not a member of', async () => {
    expect(await codeOf(checkNamedShops(db, actor, { params: { idBoutique: 99 }, body: undefined }))).toBe('NOT_SHOP_MEMBER');
    expect(await codeOf(checkNamedShops(db, actor, { params: {}, body: { boutiques: [10, 99] } }))).toBe('NOT_SHOP_MEMBER');
    expect(await checkNamedShops(db, actor, { params: { b: 10 }, body: { boutique: { idBoutique: 11 } } })).toEqual({ shopIds: [10, 11], found: null });
  });

  it('finds the addressed record first, so that another shop record is not found whatever the body names', async () => {
    const notMine = { param: 'idDepot', find: async () => Promise.reject(new AppError('NOT_FOUND')) };
    const mine = { param: 'idDepot', find: async (_db: unknown, _actor: Actor, id: number) => ({ id }) };
    const foreignBody = { boutique: { idBoutique: 99 } };
    expect(await codeOf(checkNamedShops(db, actor, { params: { idDepot: 5 }, body: foreignBody, record: notMine }))).toBe('NOT_FOUND');
    expect(await codeOf(checkNamedShops(db, actor, { params: { idDepot: 5 }, body: foreignBody, record: mine }))).toBe('NOT_SHOP_MEMBER');
    // The record found is handed on (the route's handler reads it, it does not look it up again).
    expect(await checkNamedShops(db, actor, { params: { idDepot: 5 }, body: { boutique: { idBoutique: 10 } }, record: mine })).toEqual({
      shopIds: [10],
      found: { id: 5 },
    });
  });
});
