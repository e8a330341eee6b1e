import { createAdminBody, createDirectorBody } from '@app/common/contracts/admin';
import { depotBody } from '@app/common/contracts/depots';
import { shopBody, type ShopBody } from '@app/common/contracts/shops';
import { createUserBody } from '@app/common/contracts/users';
import { ROLE, type RoleId } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { depots, plans, shopMembers, shops, subscriptions } from '../db/schema/index.js';
import { shopContext, type Actor } from '../lib/access.js';
import { hashPassword } from '../lib/passwords.js';
import { personColumns } from '../lib/person.js';
import { addAdmin } from '../features/admin/admins.service.js';
import { activateLine, updateLine } from '../features/admin/subscription-lines.service.js';
import { assignUserToDepot } from '../features/depot-users/depot-users.service.js';
import { createDepot as createDepotService } from '../features/depots/depots.service.js';
import { storeImage, type UploadedFile } from '../features/files/uploads.service.js';
import { insertDirectorAccount } from '../features/registration/director-account.service.js';
import { endSession, openSession } from '../features/sessions/sessions.service.js';
import { createShop as createShopService } from '../features/shops/shops.service.js';
import { addShopUser, removeFromShop } from '../features/users/users.write.service.js';
import { loadActor } from '../plugins/auth.js';
import { TINY_PNG } from './uploads.js';

/**
 * Records for API tests, made by the product's own services (so that a test can only build a
 * state the product can reach), with the inputs validated by the routes' contracts. Where no
 * service can make a state a test needs, the smallest direct write says why.
 */

export const TEST_PASSWORD = 'Baobab2026';
let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

let cachedHash: Promise<string> | undefined;
/** argon2 is deliberately slow: hash the shared test password once per file (services take a hash). */
const testPasswordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));
const passwordHashOf = (password: string | undefined) => (password ? hashPassword(password) : testPasswordHash());

/** The person fields every factory account gets; the e-mail is derived from the username. */
const personOf = (username: string, telephone?: string) => ({
  username,
  nom: 'Nom',
  prenom: 'Prenom',
  email: `${username}@example.test`,
  ...(telephone === undefined ? {} : { telephone }),
});

export type CreatedUser = { id: number; username: string; password: string };

/** The user as the auth hook sees them when signed in: a session is opened, read, and ended. */
export async function actorOf(db: Db, userId: number): Promise<Actor> {
  const actor = await loadActor(db, await openSession(db, userId));
  await endSession(db, actor.sessionId);
  return actor;
}

export async function accountOfShop(db: Db, shopId: number): Promise<number> {
  const [shop] = await db.select({ accountId: shops.accountId }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new Error(`no shop ${shopId}`);
  return shop.accountId;
}

type AccountOptions = { username?: string; password?: string; active: boolean; shop?: Partial<ShopBody> };

/** A director account and its first shop (the admin's form, phone left blank), inside `tx`. */
async function insertAccount(tx: Db, options: AccountOptions) {
  const password = options.password ?? TEST_PASSWORD;
  const body = createDirectorBody.parse({
    ...personOf(options.username ?? `u${next()}`),
    nomBoutque: options.shop?.nom ?? `Boutique ${next()}`,
    adresse: options.shop?.adresse ?? 'Abidjan',
    tel: options.shop?.telephone ?? '01020304',
    password,
    // The form's plan choice; the factory attaches no line (createSubscription does), so a
    // factory account has no plan limit unless a test gives it one.
    ligne: { abonnement: 3, annees: 1 },
  });
  const { userId, shopId } = await insertDirectorAccount(
    tx,
    { ...personColumns(body), passwordHash: await passwordHashOf(options.password), active: options.active },
    { nom: body.nomBoutque, telephone: body.tel, adresse: body.adresse },
  );
  return { director: { id: userId, username: body.username, password }, shopId };
}

type Counts = { shops: number; depots: number; users: number };
type LineOptions = { planId?: 2 | 3 | 4; days?: number; counts?: Counts; proofFileId?: number | null };

/**
 * A pending line as registration opens it (`registration.service` `register`, which has no
 * service of its own for it): Bronze and Argent take the plan's counts, Personaliser the counts
 * asked for. Left unpriced: the admin's dialog prices it (registration would quote Bronze and Argent).
 */
async function openPendingLine(tx: Db, userId: number, options: LineOptions) {
  const planId = options.planId ?? 3;
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
  if (planId !== 4 && options.counts) throw new Error('only a Personaliser line (planId 4) has counts of its own');
  const counts =
    planId === 4
      ? (options.counts ?? { shops: 2, depots: 4, users: 10 })
      : { shops: plan!.shops!, depots: plan!.depots!, users: plan!.users! };
  const [line] = await tx
    .insert(subscriptions)
    .values({ userId, planId, ...counts, days: options.days ?? 365, proofFileId: options.proofFileId ?? null, status: 'pending' })
    .returning();
  return line!;
}

/** Time passing: no service ends a line early, so a line ending at `endsAt` (e.g. expired) is written directly. */
async function endLineAt(db: Db, lineId: number, endsAt: Date) {
  const [line] = await db.select({ days: subscriptions.days }).from(subscriptions).where(eq(subscriptions.id, lineId));
  const startsAt = new Date(endsAt.getTime() - line!.days * 86_400_000);
  await db.update(subscriptions).set({ startsAt, endsAt }).where(eq(subscriptions.id, lineId));
}

/**
 * An active subscription for a director account: a line opened as registration opens it and
 * activated by the admin's service (the director becomes active). `shops`, `depots` and `users`
 * are the counts of a Personaliser line (planId 4).
 */
export async function createSubscription(
  db: Db,
  userId: number,
  options: { planId?: 2 | 3 | 4; shops?: number; depots?: number; users?: number; endsAt?: Date } = {},
) {
  const { planId = 3, endsAt } = options;
  const asked = options.shops !== undefined || options.depots !== undefined || options.users !== undefined;
  const counts = { shops: options.shops ?? 2, depots: options.depots ?? 4, users: options.users ?? 10 };
  const line = await openPendingLine(db, userId, { planId, ...(asked ? { counts } : {}) });
  // A Personaliser quote is activated only once the admin has priced it (PRICE_REQUIRED).
  if (planId === 4) await updateLine(db, line.id, { abonnement: 4, annees: 1, prixFcfa: 250_000 });
  await activateLine(db, userId, line.id);
  if (endsAt) await endLineAt(db, line.id, endsAt);
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, line.id));
  return row!;
}

/**
 * A director as registration leaves them: inactive, with a first shop and a pending
 * subscription line carrying a proof image, in one transaction like registration.
 */
export async function createRegisteredDirector(
  db: Db,
  options: { planId?: 2 | 3 | 4; days?: number; counts?: Counts; username?: string } = {},
) {
  const { director, shopId, line, fileId } = await db.transaction(async (tx) => {
    const account = await insertAccount(tx, { active: false, ...(options.username ? { username: options.username } : {}) });
    const proof: UploadedFile = { filename: 'preuve.png', mimetype: 'image/png', buffer: TINY_PNG, size: TINY_PNG.length };
    const proofFileId = await storeImage(tx, proof, { userId: account.director.id, shopId: null });
    const pending = await openPendingLine(tx, account.director.id, {
      planId: options.planId ?? 2,
      proofFileId,
      ...(options.days ? { days: options.days } : {}),
      ...(options.counts ? { counts: options.counts } : {}),
    });
    return { ...account, line: pending, fileId: proofFileId };
  });
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  return { director, shop: shop!, line, fileId };
}

/**
 * A director with an active subscription (Argent by default; `counts` for Personaliser) owning
 * `shopCount` shops, each with a depot. `shop` and `depot` name the first shop and its depot.
 * `endsAt` ends the subscription then (in the past: expired), once the shops exist.
 */
export async function createDirector(
  db: Db,
  options: {
    shopCount?: number;
    planId?: 2 | 3 | 4;
    counts?: Counts;
    endsAt?: Date;
    username?: string;
    shop?: Partial<ShopBody>;
    depot?: string;
  } = {},
) {
  const { director, shopId } = await db.transaction((tx) =>
    insertAccount(tx, {
      active: false,
      ...(options.username ? { username: options.username } : {}),
      ...(options.shop ? { shop: options.shop } : {}),
    }),
  );
  const line = await createSubscription(db, director.id, { planId: options.planId ?? 3, ...options.counts });
  const [first] = await db.select().from(shops).where(eq(shops.id, shopId));
  const ownedShops = [first!];
  for (let i = 1; i < (options.shopCount ?? 1); i++) ownedShops.push(await createShop(db, director.id));
  const ownedDepots = [];
  for (const [i, shop] of ownedShops.entries())
    ownedDepots.push(await createDepot(db, shop.id, i === 0 ? options.depot : undefined));
  if (options.endsAt) await endLineAt(db, line.id, options.endsAt);
  return { director, shops: ownedShops, depots: ownedDepots };
}

/**
 * A user. A platform admin through the admin's service; a director account owner (no
 * `accountId`) as the admin makes one (active, no subscription line: no plan limit), or, with
 * `active: false`, as registration leaves one; anyone else as a shop user made by the director
 * of the account owning `shopIds` (or `accountId`; without either, of a new account of its own).
 */
export async function createUser(
  db: Db,
  options: {
    roles: RoleId[];
    shopIds?: number[];
    accountId?: number | null;
    active?: boolean;
    username?: string;
    password?: string;
    telephone?: string;
  },
): Promise<CreatedUser> {
  const username = options.username ?? `u${next()}`;
  const password = options.password ?? TEST_PASSWORD;
  const shopIds = options.shopIds ?? [];
  if (options.roles.includes(ROLE.admin)) {
    const body = createAdminBody.parse({ ...personOf(username, options.telephone), password });
    const admin = await addAdmin(db, body, await passwordHashOf(options.password));
    return { id: admin.idUser, username: admin.username, password };
  }
  if (options.roles.includes(ROLE.director) && !options.accountId && shopIds.length === 0) {
    if (options.active === false) return (await createRegisteredDirector(db, { username })).director;
    const account = { username, active: true, ...(options.password ? { password } : {}) };
    return (await db.transaction((tx) => insertAccount(tx, account))).director;
  }
  if (options.active === false) throw new Error('no service makes an inactive shop user');

  const accountId =
    options.accountId ??
    (shopIds[0] === undefined
      ? (await db.transaction((tx) => insertAccount(tx, { active: true }))).director.id
      : await accountOfShop(db, shopIds[0]));
  const owner = await actorOf(db, accountId);
  const own = shopIds.filter((id) => owner.shopIds.includes(id));
  const boutiques = own.length > 0 ? own : [owner.shopIds[0]!];
  const body = createUserBody.parse({ ...personOf(username, options.telephone), password, role: options.roles, boutiques });
  const user = await addShopUser(db, owner, body, await passwordHashOf(options.password));
  // A user in no shop of the account: made in one, then removed from it, as a director does.
  if (own.length === 0) await removeFromShop(db, shopContext(owner, boutiques[0]!), user.idUser);
  // A member of another account's shop too: no service lets a director reach another tenant's
  // shop (old data may hold such users), so that membership is written directly.
  const foreign = shopIds.filter((id) => !owner.shopIds.includes(id));
  if (foreign.length > 0) await db.insert(shopMembers).values(foreign.map((shopId) => ({ shopId, userId: user.idUser })));
  return { id: user.idUser, username: user.username, password };
}

/** Another shop of the account, opened by its director (within the plan's limit). */
export async function createShop(db: Db, accountId: number, overrides: Partial<ShopBody> = {}) {
  const body = shopBody.parse({ nom: `Boutique ${next()}`, telephone: '01020304', adresse: 'Abidjan', ...overrides });
  const created = await createShopService(db, await actorOf(db, accountId), body);
  const [shop] = await db.select().from(shops).where(eq(shops.id, created.idBoutique));
  return shop!;
}

/** A depot of the shop, made by the director of its account (within the plan's limit). */
export async function createDepot(db: Db, shopId: number, libelle = `Depot ${next()}`) {
  const owner = await actorOf(db, await accountOfShop(db, shopId));
  const body = depotBody.parse({ libelle, boutique: { idBoutique: shopId } });
  const created = await createDepotService(db, shopContext(owner, shopId), body);
  const [depot] = await db.select().from(depots).where(eq(depots.id, created.idDepot));
  return depot!;
}

/** Assigns a user to a depot, as the director of the depot's account does. */
export async function assignDepot(db: Db, depot: { id: number; shopId: number }, userId: number) {
  const owner = await actorOf(db, await accountOfShop(db, depot.shopId));
  await assignUserToDepot(db, owner, { depots: depot.id, users: userId });
}

export async function signIn(app: FastifyInstance, user: { username: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username: user.username, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${user.username} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { accessToken: string }).accessToken;
}
