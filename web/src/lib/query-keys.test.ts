import { matchQuery, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/** True when invalidating `prefix` reaches a query of `key` (TanStack's own matcher). */
function reaches(prefix: readonly unknown[], key: readonly unknown[]): boolean {
  const query = new QueryClient().getQueryCache().build(new QueryClient(), { queryKey: key });
  return matchQuery({ queryKey: prefix }, query);
}

describe('query keys', () => {
  it("reach every list, page and picker of an entity from the entity's prefix", () => {
    expect(reaches(queryKeys.shops.all, [...queryKeys.shops.list, { page: 2, term: '' }])).toBe(true);
    expect(reaches(queryKeys.shops.all, queryKeys.shops.mine)).toBe(true);
    expect(reaches(queryKeys.depots.all, [...queryKeys.depots.list(4), { page: 1, term: 'mag' }])).toBe(true);
    expect(reaches(queryKeys.depots.all, queryKeys.depots.options(4))).toBe(true);
    expect(reaches(queryKeys.depotUsers.all, queryKeys.depotUsers.list(4))).toBe(true);
    expect(reaches(queryKeys.shopUsers.all, queryKeys.shopUsers.options(4))).toBe(true);
    expect(reaches(queryKeys.exists.all, queryKeys.exists.check(['client', 'email'], 'a@b.ci'))).toBe(true);
  });

  it("keep one shop's and one entity's lists apart", () => {
    expect(reaches(queryKeys.depots.list(4), queryKeys.depots.list(5))).toBe(false);
    expect(reaches(queryKeys.depots.all, queryKeys.depotUsers.list(4))).toBe(false);
    expect(reaches(queryKeys.shopUsers.all, queryKeys.depotUsers.list(4))).toBe(false);
    expect(reaches(queryKeys.admin.directors, queryKeys.admin.subscriptionLines)).toBe(false);
  });

  it('never give two different lists the same key', () => {
    const keys = [
      queryKeys.plans,
      queryKeys.roles.assignable,
      queryKeys.shops.list,
      queryKeys.shops.mine,
      queryKeys.depots.list(1),
      queryKeys.depots.options(1),
      queryKeys.depotUsers.list(1),
      queryKeys.shopUsers.list(1),
      queryKeys.shopUsers.options(1),
      queryKeys.admin.admins,
      queryKeys.admin.directors,
      queryKeys.admin.subscriptionLines,
      queryKeys.countries('fr'),
      queryKeys.proofImage.of('/api/files/1'),
    ].map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
