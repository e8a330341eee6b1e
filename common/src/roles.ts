/** Role ids as in seed 000 §3. They are stored in the database and sent on the wire. */
export const ROLE = {
  admin: 1,
  director: 2,
  manager: 3,
  seller: 4,
  cashier: 5,
  warehouse: 6,
} as const;

export type RoleName = keyof typeof ROLE;
export type RoleId = (typeof ROLE)[RoleName];

export const ROLE_IDS: readonly RoleId[] = Object.values(ROLE);

/** Wire labels (`libelle`) of the roles. */
export const ROLE_LABEL: Record<RoleId, string> = {
  1: 'ADMIN',
  2: 'DIRECTEUR',
  3: 'GERANT',
  4: 'VENDEUR',
  5: 'CAISSIER',
  6: 'MAGASINIER',
};

export const ROLE_NAME: Record<RoleId, RoleName> = {
  1: 'admin',
  2: 'director',
  3: 'manager',
  4: 'seller',
  5: 'cashier',
  6: 'warehouse',
};

export function isRoleId(value: number): value is RoleId {
  return (ROLE_IDS as readonly number[]).includes(value);
}
