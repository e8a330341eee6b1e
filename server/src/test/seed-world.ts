import { ROLE, type RoleId } from '@app/common/roles';
import type { TestApp } from './app.js';
import { createClient, createClientChannel } from './client-factories.js';
import { assignDepot, createDepot, createDirector, createShop, createUser, signIn, type CreatedUser } from './factories.js';

/** The callers of the seed-call tests: a token each (anonymous has none). */
export type SeedWho = 'anonymous' | 'director' | 'seller' | 'admin' | 'outsider';

/**
 * The world the seed-call tests run in: a director (Personaliser, room to spare) with a shop and
 * a depot, members to list, edit, remove and assign, a spare shop and depot to edit and delete,
 * both client channels feeding the shop and a client; another director (the outsider) and a
 * platform admin. A later seed's test adds its own records to it.
 */
export async function createSeedWorld(app: TestApp) {
  const {
    director,
    shops: [shopA],
    depots: [depotA],
  } = await createDirector(app.db, {
    planId: 4,
    counts: { shops: 10, depots: 10, users: 50 },
    shop: { nom: 'Seed shop' },
    depot: 'Seed depot',
  });
  const member = (roles: RoleId[]) => createUser(app.db, { roles, shopIds: [shopA!.id], accountId: director.id });
  const seller = await member([ROLE.seller]);
  const editable = await member([ROLE.seller]);
  const removable = await member([ROLE.cashier]);
  const assignable = await member([ROLE.warehouse]);
  const unassignable = await member([ROLE.warehouse]);
  await assignDepot(app.db, depotA!, seller.id);
  await assignDepot(app.db, depotA!, unassignable.id);
  const spareShop = await createShop(app.db, director.id, { nom: 'Spare shop' });
  const spareDepot = await createDepot(app.db, shopA!.id, 'Spare depot');
  await createClientChannel(app.db, 's2asport', shopA!.id);
  await createClientChannel(app.db, 'win', shopA!.id);
  const client = await createClient(app.db, shopA!.id, { email: 'seed.client@example.test', telephone: '+2250709090909' });

  const { director: outsiderDirector } = await createDirector(app.db);
  const admin = await createUser(app.db, { roles: [ROLE.admin] });
  const profileUser = await member([ROLE.seller]);

  const tokens = new Map<SeedWho, string | null>([['anonymous', null]]);
  const users: [SeedWho, CreatedUser][] = [
    ['director', director],
    ['seller', seller],
    ['admin', admin],
    ['outsider', outsiderDirector],
  ];
  for (const [who, user] of users) tokens.set(who, await signIn(app.app, user));
  return {
    director,
    shopA: shopA!,
    depotA: depotA!,
    seller,
    editable,
    removable,
    assignable,
    unassignable,
    spareShop,
    spareDepot,
    client,
    admin,
    profileUser,
    tokens,
  };
}

export type SeedWorld = Awaited<ReturnType<typeof createSeedWorld>>;
