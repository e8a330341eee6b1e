import { describe, expect, it } from 'vitest';
import { PERMISSIONS, can } from './permissions.js';
import { ROLE } from './roles.js';

const user = (...roles: number[]) => ({ roles });

describe('permission table (DECISIONS §1)', () => {
  it('lets only directors manage shops, depots, assignments and users', () => {
    for (const permission of ['shops:manage', 'depots:manage', 'depotUsers:manage', 'users:manage'] as const) {
      expect(PERMISSIONS[permission]).toEqual([ROLE.director]);
    }
  });

  it('keeps platform admins out of shop management and directors out of admin screens', () => {
    expect(can(user(ROLE.admin), 'shops:manage')).toBe(false);
    expect(can(user(ROLE.director), 'admin:subscriptions')).toBe(false);
    expect(can(user(ROLE.admin), 'admin:subscriptions')).toBe(true);
  });

  it('adds up the rights of several roles', () => {
    expect(can(user(ROLE.seller), 'shops:manage')).toBe(false);
    expect(can(user(ROLE.seller, ROLE.director), 'shops:manage')).toBe(true);
  });

  it('refuses a missing user', () => {
    expect(can(null, 'session:use')).toBe(false);
  });
});
