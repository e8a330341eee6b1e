import { ROLE, type RoleId } from './roles.js';

const { admin, director, manager, seller, cashier, warehouse } = ROLE;
const everyShopRole: RoleId[] = [director, manager, seller, cashier, warehouse];

/**
 * The one permission table (DECISIONS §1). The server refuses a route whose permission the
 * caller's roles do not grant; the web hides the same screens and actions with `can`.
 * Rights add up: a user holding several roles may do what any of them may.
 */
export const PERMISSIONS = {
  /** Signed in, any role: own profile, own shops, home screen. */
  'session:use': [admin, ...everyShopRole],
  'shops:list': [director],
  'shops:manage': [director],
  'depots:list': [director, manager, seller, cashier, warehouse],
  'depots:manage': [director],
  'depotUsers:manage': [director],
  'users:manage': [director],
  /** Which of their shops each public client self-registration channel feeds (app/canaux-clients). */
  'clientChannels:manage': [director],
  'admin:directors': [admin],
  'admin:subscriptions': [admin],
  /** Other platform admins (app/utilisateur-admin). */
  'admin:admins': [admin],
} as const satisfies Record<string, readonly RoleId[]>;

export type Permission = keyof typeof PERMISSIONS;

export type HasRoles = { roles: readonly number[] };

export function can(user: HasRoles | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  const allowed: readonly number[] = PERMISSIONS[permission];
  return user.roles.some((role) => allowed.includes(role));
}

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}
