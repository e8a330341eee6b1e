import type { Language } from '@app/common/languages';
import { ROLE } from '@app/common/roles';
import type { Db } from '../../db/client.js';
import { shopMembers, shops, userRoles, users } from '../../db/schema/index.js';
import { assertIdentityFree } from '../identity/identity.service.js';
import { createDefaultCashRegister } from '../cash-registers/cash-registers.service.js';

export type NewDirector = {
  username: string;
  passwordHash: string;
  nom: string;
  prenom: string;
  email: string;
  telephone: string | null;
  active: boolean;
};
export type FirstShop = { nom: string; telephone: string; adresse: string };

/**
 * A director account and its first shop (the account owns it and is its member). Used by
 * registration (inactive until the admin activates it) and by the admin (active at once).
 * Call inside the caller's transaction.
 */
export async function insertDirectorAccount(tx: Db, director: NewDirector, firstShop: FirstShop, lang: Language = 'fr') {
  await assertIdentityFree(tx, director);
  const [user] = await tx
    .insert(users)
    .values({ ...director, accountId: null })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  await tx.insert(userRoles).values({ userId: user.id, roleId: ROLE.director });
  const [shop] = await tx
    .insert(shops)
    .values({ ...firstShop, accountId: user.id })
    .returning({ id: shops.id });
  if (!shop) throw new Error('shop insert returned nothing');
  await createDefaultCashRegister(tx, shop.id, lang);
  await tx.insert(shopMembers).values({ shopId: shop.id, userId: user.id });
  return { userId: user.id, shopId: shop.id };
}
