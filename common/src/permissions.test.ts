import { describe, expect, it } from 'vitest';
import { PERMISSIONS, can, canSee } from './permissions.js';
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

describe('own versus all (DECISIONS §1)', () => {
  it('shows directors every record of the shop and the others only their own', () => {
    for (const scope of ['invoices', 'payments', 'deliveries', 'receptions'] as const) {
      expect(canSee(user(ROLE.director), scope)).toBe('all');
    }
    expect(canSee(user(ROLE.seller), 'invoices')).toBe('own');
    expect(canSee(user(ROLE.cashier), 'payments')).toBe('own');
    expect(canSee(user(ROLE.warehouse), 'deliveries')).toBe('own');
    expect(canSee(user(ROLE.warehouse), 'receptions')).toBe('own');
  });

  it('lets managers see every reception, since they may delete receptions', () => {
    expect(canSee(user(ROLE.manager), 'receptions')).toBe('all');
    expect(can(user(ROLE.manager), 'receptions:delete')).toBe(true);
  });

  it('takes the widest scope of several roles and none without a role', () => {
    expect(canSee(user(ROLE.seller, ROLE.director), 'invoices')).toBe('all');
    expect(canSee(user(ROLE.manager), 'invoices')).toBe('none');
    expect(canSee(null, 'invoices')).toBe('none');
  });

  it('grants reading a kind of record to every role that sees some of it', () => {
    const readPermission = { invoices: 'invoices:read', payments: 'payments:read', deliveries: 'deliveries:read', receptions: 'receptions:read' } as const;
    for (const [scope, permission] of Object.entries(readPermission) as [keyof typeof readPermission, (typeof readPermission)[keyof typeof readPermission]][]) {
      for (const role of Object.values(ROLE)) {
        expect(canSee(user(role), scope) !== 'none', `${scope} for role ${role}`).toBe(can(user(role), permission));
      }
    }
  });
});
