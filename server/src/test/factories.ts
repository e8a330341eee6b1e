import { ROLE, type RoleId } from '@app/common/roles';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { clientChannels, clients, depotUsers, depots, files, shopMembers, shops, subscriptions, userRoles, users } from '../db/schema/index.js';
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

/** Assigns a user to a depot (the depot's shop is taken from the depot). */
export async function assignDepot(db: Db, depot: { id: number; shopId: number }, userId: number) {
  await db.insert(depotUsers).values({ depotId: depot.id, userId, shopId: depot.shopId });
}

/** Points a public client self-registration channel at a shop. */
export async function createClientChannel(db: Db, channel: string, shopId: number) {
  await db.insert(clientChannels).values({ channel, shopId }).onConflictDoUpdate({ target: clientChannels.channel, set: { shopId } });
}

export async function createClient(db: Db, shopId: number, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const [client] = await db
    .insert(clients)
    .values({ shopId, nom: 'Client', prenom: 'Test', email: `c${next()}@example.test`, telephone: `+22507${String(sequence).padStart(8, '0')}`, adresse: 'Abidjan', ...overrides })
    .returning();
  if (!client) throw new Error('client insert failed');
  return client;
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

/** The smallest valid PNG (1x1), for proof-of-payment uploads. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A multipart/form-data body for `app.inject`, built by the platform's own FormData encoder.
 * A Buffer value becomes a file part: `{ preuve: { data, filename, type } }`.
 */
export async function multipartPayload(
  fields: Record<string, string | number | { data: Buffer; filename: string; type?: string } | undefined>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'object') form.append(name, new Blob([value.data], { type: value.type ?? 'application/octet-stream' }), value.filename);
    else form.append(name, String(value));
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

/**
 * A director as registration leaves them: inactive, with a first shop and a pending
 * subscription line carrying a proof image.
 */
export async function createRegisteredDirector(db: Db, options: { planId?: 2 | 3 | 4; days?: number; counts?: { shops: number; depots: number; users: number } } = {}) {
  const director = await createUser(db, { roles: [ROLE.director], active: false });
  const shop = await createShop(db, director.id);
  const [file] = await db
    .insert(files)
    .values({ ownerUserId: director.id, contentType: 'image/png', size: TINY_PNG.length, bytes: TINY_PNG })
    .returning({ id: files.id });
  const planId = options.planId ?? 2;
  const counts = options.counts ?? (planId === 2 ? { shops: 1, depots: 1, users: 4 } : { shops: 2, depots: 4, users: 10 });
  const [line] = await db
    .insert(subscriptions)
    .values({ userId: director.id, planId, ...counts, days: options.days ?? 365, proofFileId: file!.id, status: 'pending' })
    .returning();
  return { director, shop, line: line!, fileId: file!.id };
}
