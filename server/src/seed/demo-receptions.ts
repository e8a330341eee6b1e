import { ROLE } from '@app/common/roles';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articles, depots, shops, users } from '../db/schema/index.js';
import type { ShopContext } from '../lib/access.js';
import { createDriver } from '../features/drivers/drivers.service.js';
import { createReception } from '../features/receptions/receptions.service.js';
import { createSupplier } from '../features/suppliers/suppliers.service.js';

const SUPPLIERS: [string, string, string][] = [
  ['Sotra Import SARL', '2721354678', 'Zone 4, Marcory, Abidjan'],
  ['Grands Moulins d’Abidjan', '2721750000', 'Port autonome, Treichville, Abidjan'],
  ['Cosmivoire', '2721270101', 'Zone industrielle de Vridi, Abidjan'],
  ['Quincaillerie du Nord', '0707112233', 'Boulevard de la Paix, Adjamé, Abidjan'],
];
const DRIVERS: [string, string][] = [
  ['Kouassi Yao', '0708091011'],
  ['Adama Traoré', '0505123456'],
  ['Jean-Baptiste Kouadio', '0101987654'],
];

/** A context of a demo user in a shop, as the auth hook would build it (no session: a script). */
async function contextOf(db: Db, username: string, shopId: number): Promise<ShopContext> {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no demo user ${username}`);
  const roles = username === 'magasinier' ? [ROLE.warehouse] : [ROLE.director];
  return {
    userId: user.id,
    sessionId: 0,
    username,
    displayName: `${user.prenom} ${user.nom}`.trim() || username,
    roles,
    shopIds: [shopId],
    accountId: user.accountId ?? user.id,
    subscriptionEndsAt: null,
    subscriptionExpired: false,
    shopId,
  };
}

/**
 * Suppliers and drivers of the demo shops, and a few receptions by the warehouse keeper into the
 * main depot of Boutique Plateau, made through the services (the receptions through the stock
 * ledger). Receptions need articles: they are made when the demo catalogue is loaded.
 */
export async function seedDemoReceptions(db: Db): Promise<void> {
  const demoShops = await db.select().from(shops).where(isNull(shops.deletedAt)).orderBy(asc(shops.id));
  const plateau = demoShops.find((shop) => shop.nom === 'Boutique Plateau');
  const cocody = demoShops.find((shop) => shop.nom === 'Boutique Cocody');
  if (!plateau) return;
  const director = await contextOf(db, 'directeur', plateau.id);
  const supplierIds: number[] = [];
  for (const [raisonSociale, telephone, adresse] of SUPPLIERS) {
    supplierIds.push(
      (await createSupplier(db, director, { raisonSociale, telephone, adresse, boutique: plateau.id })).idFournisseur,
    );
  }
  const driverIds: number[] = [];
  for (const [nom, telephone] of DRIVERS)
    driverIds.push((await createDriver(db, director, { nom, telephone, boutique: plateau.id })).id);
  if (cocody) {
    const there = { ...director, shopIds: [cocody.id], shopId: cocody.id };
    await createSupplier(db, there, {
      raisonSociale: 'Distribution Cocody',
      telephone: '2722440011',
      adresse: 'Riviera 2, Cocody, Abidjan',
      boutique: cocody.id,
    });
    await createDriver(db, there, { nom: 'Ibrahim Ouattara', telephone: '0778563412', boutique: cocody.id });
  }

  const [main] = await db
    .select({ id: depots.id })
    .from(depots)
    .where(and(eq(depots.shopId, plateau.id), eq(depots.libelle, 'Magasin principal')));
  const stock = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.shopId, plateau.id), isNull(articles.deletedAt)))
    .orderBy(asc(articles.id))
    .limit(9);
  if (!main || stock.length < 3) return;
  const keeper = await contextOf(db, 'magasinier', plateau.id);
  const ids = stock.map((article) => article.id);
  const receptions: [number, number, [number, number][]][] = [
    [
      0,
      0,
      [
        [ids[0]!, 20],
        [ids[1]!, 10],
      ],
    ],
    [1, 1, [[ids[2]!, 12]]],
    [2, 0, ids.slice(3, 7).map((id, index) => [id, 6 * (index + 1)])],
  ];
  for (const [supplier, driver, lines] of receptions) {
    if (lines.length === 0) continue;
    await createReception(db, keeper, {
      chauffeure: driverIds[driver],
      fournisseur: supplierIds[supplier],
      depot: main.id,
      boutique: plateau.id,
      article: lines.map(([articles, nombre]) => ({ articles, nombre })),
    });
  }
}
