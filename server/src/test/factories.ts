import { ROLE, type RoleId } from '@app/common/roles';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { depots, shopMembers, shops, subscriptions, userRoles, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';

export const TEST_PASSWORD = 'Secret123';
let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

let cachedHash: Promise<string> | undefined;
/** argon2 is deliberately slow: hash the shared test password once per file. */
const testPasswordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

export type CreatedUser = { id: number; username: string; password: string };

export async function createUser(
  db: Db,
  options: { roles: RoleId[]; shopIds?: number[]; accountId?: number | null; active?: boolean; username?: string; password?: string } ,
): Promise<CreatedUser> {
  const username = options.username ?? `u${next()}`;
  const password = options.password ?? TEST_PASSWORD;
  const passwordHash = options.password ? await hashPassword(options.password) : await testPasswordHash();
  const [user] = await db
    .insert(users)
    .values({
      username,
      passwordHash,
      nom: 'Nom',
      prenom: 'Prenom',
      email: `${username}@example.test`,
      active: options.active ?? true,
      accountId: options.accountId ?? null,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert failed');
  await db.insert(userRoles).values(options.roles.map((roleId) => ({ userId: user.id, roleId })));
  if (options.shopIds?.length) {
    await db.insert(shopMembers).values(options.shopIds.map((shopId) => ({ shopId, userId: user.id })));
  }
  return { id: user.id, username, password };
}

export async function createShop(db: Db, accountId: number, overrides: Partial<typeof shops.$inferInsert> = {}) {
  const [shop] = await db
    .insert(shops)
    .values({ nom: `Boutique ${next()}`, telephone: '01020304', adresse: 'Abidjan', accountId, ...overrides })
    .returning();
  if (!shop) throw new Error('shop insert failed');
  await db.insert(shopMembers).values({ shopId: shop.id, userId: accountId }).onConflictDoNothing();
  return shop;
}

export async function createDepot(db: Db, shopId: number, libelle = `Depot ${next()}`) {
  const [depot] = await db.insert(depots).values({ shopId, libelle }).returning();
  if (!depot) throw new Error('depot insert failed');
  return depot;
}

/** An active subscription for a director account. */
export async function createSubscription(
  db: Db,
  userId: number,
  options: { planId?: 2 | 3 | 4; shops?: number; depots?: number; users?: number; endsAt?: Date } = {},
) {
  const planId = options.planId ?? 3;
  const counts = planId === 2 ? { shops: 1, depots: 1, users: 4 } : { shops: 2, depots: 4, users: 10 };
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      planId,
      shops: options.shops ?? counts.shops,
      depots: options.depots ?? counts.depots,
      users: options.users ?? counts.users,
      days: 365,
      status: 'active',
      startsAt: new Date(),
      endsAt: options.endsAt ?? new Date(Date.now() + 365 * 86_400_000),
    })
    .returning();
  return row;
}

/** A director owning `shopCount` shops (each with a depot) under an Argent subscription. */
export async function createDirector(db: Db, options: { shopCount?: number; planId?: 2 | 3 | 4; endsAt?: Date } = {}) {
  const director = await createUser(db, { roles: [ROLE.director] });
  await createSubscription(db, director.id, { planId: options.planId ?? 3, ...(options.endsAt ? { endsAt: options.endsAt } : {}) });
  const ownedShops = [];
  for (let i = 0; i < (options.shopCount ?? 1); i++) ownedShops.push(await createShop(db, director.id));
  const ownedDepots = [];
  for (const shop of ownedShops) ownedDepots.push(await createDepot(db, shop.id));
  return { director, shops: ownedShops, depots: ownedDepots };
}

export async function signIn(app: FastifyInstance, user: { username: string; password: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: user.username, password: user.password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${user.username} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { accessToken: string }).accessToken;
}
