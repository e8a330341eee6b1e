import { invoiceBody } from '@app/common/contracts/invoices';
import type { RoleId } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { articles, clients, depotUsers, drivers, shopMembers, userRoles, users } from './db/schema/index.js';
import { shopContext, type Actor } from './lib/access.js';
import { createInvoice } from './features/invoices/invoices.service.js';
import { applyStockChanges } from './features/stock/stock-ledger.service.js';

/**
 * Cash desk demo data for the seller's shop: a few articles in its depot, a client, a driver and
 * unsettled invoices sold by the seller, so that the cash desk, the deliveries and the payments
 * screens have something to work on. Runs right after the demo accounts are made.
 * TODO(articles, seed): once the articles service and the demo sales land, make these through them.
 */
/** The demo user as the services see a caller (no session: the seed acts for them). */
async function requireActorOf(db: Db, userId: number): Promise<Actor> {
  const [user] = await db
    .select({ username: users.username, accountId: users.accountId })
    .from(users)
    .where(eq(users.id, userId));
  const roles = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const shopIds = await db.select({ shopId: shopMembers.shopId }).from(shopMembers).where(eq(shopMembers.userId, userId));
  return {
    userId,
    sessionId: 0,
    username: user!.username,
    roles: roles.map((r) => r.roleId as RoleId),
    shopIds: shopIds.map((m) => m.shopId),
    accountId: user!.accountId ?? userId,
    subscriptionEndsAt: null,
    subscriptionExpired: false,
  };
}

export async function seedCashDesk(db: Db): Promise<void> {
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'vendeur'));
  const [director] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'directeur'));
  if (!seller || !director) return;
  const [link] = await db.select().from(depotUsers).where(eq(depotUsers.userId, seller.id));
  if (!link) return;
  const directorCtx = shopContext(await requireActorOf(db, director.id), link.shopId);
  const sellerCtx = shopContext(await requireActorOf(db, seller.id), link.shopId);
  const demoArticles = [
    { designation: 'Riz parfumé 5 kg', priceFcfa: 5_000, costFcfa: 4_000 },
    { designation: 'Huile 1 L', priceFcfa: 1_500, costFcfa: 1_100 },
    { designation: 'Sucre 1 kg', priceFcfa: 1_000, costFcfa: 750 },
  ];
  const ids: number[] = [];
  await db.transaction(async (tx) => {
    for (const demo of demoArticles) {
      const [row] = await tx
        .insert(articles)
        .values({ shopId: link.shopId, ...demo, createdBy: director.id })
        .returning({ id: articles.id });
      ids.push(row!.id);
    }
    await applyStockChanges(
      tx,
      directorCtx,
      ids.map((articleId) => ({ articleId, depotId: link.depotId, kind: 'addition' as const, quantity: 200 })),
    );
    await tx.insert(drivers).values({ shopId: link.shopId, nom: 'Yao Konan', telephone: '0707070707' });
  });
  const [client] = await db
    .insert(clients)
    .values({ shopId: link.shopId, nom: 'Bamba', prenom: 'Mariam', telephone: '0505050505', adresse: 'Yopougon, Abidjan' })
    .returning({ id: clients.id });
  const sales = [
    { client: client!.id, lines: [{ articles: ids[0]!, nombre: 2 }] },
    {
      client: 0,
      lines: [
        { articles: ids[1]!, nombre: 4 },
        { articles: ids[2]!, nombre: 3 },
      ],
    },
    {
      client: client!.id,
      lines: [
        { articles: ids[0]!, nombre: 1 },
        { articles: ids[2]!, nombre: 5 },
      ],
    },
    { client: 0, lines: [{ articles: ids[1]!, nombre: 2 }] },
  ];
  for (const sale of sales) {
    const body = invoiceBody.parse({
      client: sale.client,
      boutiques: link.shopId,
      articles: sale.lines,
      depot: link.depotId,
      remise: 0,
      typeFactures: 1,
      imprimante: false,
    });
    await createInvoice(db, sellerCtx, body);
  }
}
