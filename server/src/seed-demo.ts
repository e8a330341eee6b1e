import { ROLE, type RoleId } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config.js';
import { ensureAdmin } from './db/bootstrap.js';
import { openDatabase, type Db } from './db/client.js';
import { clientChannels, depotUsers, depots, shopMembers, shops, subscriptions, userRoles, users } from './db/schema/index.js';
import { hashPassword } from './lib/passwords.js';
import { seedDemoCatalogue } from './seed/demo-catalogue.js';
import { seedDemoReceptions } from './seed/demo-receptions.js';
import { seedDemoSales } from './seed/demo-sales.js';
import { createDefaultCashRegister } from './features/cash-registers/cash-registers.service.js';

/** Demo accounts, documented in the README. All share one password. */
export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_USERS: { username: string; nom: string; prenom: string; roles: RoleId[]; shops: number[] }[] = [
  { username: 'directeur', nom: 'Kouassi', prenom: 'Awa', roles: [ROLE.director], shops: [0, 1] },
  { username: 'gerant', nom: 'Traoré', prenom: 'Moussa', roles: [ROLE.manager], shops: [0, 1] },
  { username: 'vendeur', nom: 'Diallo', prenom: 'Fatou', roles: [ROLE.seller], shops: [0] },
  { username: 'caissier', nom: 'Koné', prenom: 'Ibrahim', roles: [ROLE.cashier], shops: [0] },
  { username: 'magasinier', nom: 'Mensah', prenom: 'Kofi', roles: [ROLE.warehouse], shops: [0] },
];

/** Loads the demo director, 2 shops with depots and one user of each role. Runs once. */
export async function seedDemo(db: Db): Promise<'created' | 'exists'> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'directeur'));
  if (existing) return 'exists';
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const demo of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          username: demo.username,
          passwordHash,
          nom: demo.nom,
          prenom: demo.prenom,
          email: `${demo.username}@demo.boutiko.test`,
          telephone: `0700000${ids.length}`,
          accountId: ids[0] ?? null,
        })
        .returning({ id: users.id });
      ids.push(row!.id);
      await tx.insert(userRoles).values(demo.roles.map((roleId) => ({ userId: row!.id, roleId })));
    }
    const directorId = ids[0]!;
    const now = new Date();
    await tx.insert(subscriptions).values({
      userId: directorId,
      planId: 3,
      shops: 2,
      depots: 4,
      users: 10,
      days: 365,
      priceFcfa: 60000,
      status: 'active',
      startsAt: now,
      endsAt: new Date(now.getTime() + 365 * 86_400_000),
    });
    const demoShops = await tx
      .insert(shops)
      .values([
        { nom: 'Boutique Plateau', telephone: '27201234', adresse: 'Avenue Chardy, Plateau, Abidjan', accountId: directorId },
        { nom: 'Boutique Cocody', telephone: '27224567', adresse: 'Rue des Jardins, Cocody, Abidjan', accountId: directorId },
      ])
      .returning({ id: shops.id });
    const shopIds = demoShops.map((s) => s.id);
    for (const shopId of shopIds) await createDefaultCashRegister(tx, shopId);
    for (const [index, demo] of DEMO_USERS.entries()) {
      await tx.insert(shopMembers).values(demo.shops.map((i) => ({ shopId: shopIds[i]!, userId: ids[index]! })));
    }
    const demoDepots = await tx
      .insert(depots)
      .values([
        { shopId: shopIds[0]!, libelle: 'Magasin principal' },
        { shopId: shopIds[0]!, libelle: 'Réserve' },
        { shopId: shopIds[1]!, libelle: 'Dépôt Cocody' },
      ])
      .returning({ id: depots.id });
    // The warehouse keeper and the seller work from the main depot of the first shop.
    await tx.insert(depotUsers).values([
      { depotId: demoDepots[0]!.id, userId: ids[4]!, shopId: shopIds[0]! },
      { depotId: demoDepots[0]!.id, userId: ids[2]!, shopId: shopIds[0]! },
    ]);
    await tx.insert(clientChannels).values([
      { channel: 's2asport', shopId: shopIds[0]! },
      { channel: 'win', shopId: shopIds[1]! },
    ]);
  });
  await seedDemoCatalogue(db);
  await seedDemoReceptions(db);
  await seedDemoSales(db);
  return 'created';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const database = await openDatabase(config, 'demo seed');
  try {
    await database.migrate();
    await ensureAdmin(database.db, { username: config.adminUsername, password: config.adminPassword }, console);
    const result = await seedDemo(database.db);
    console.log(result === 'created' ? 'Demo data loaded.' : 'Demo data already present.');
    console.log(`Accounts (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.username).join(', ')}`);
  } finally {
    await database.close();
  }
}
