import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { stockLevels } from '../db/schema/index.js';
import { shopContext } from '../lib/access.js';
import { insertArticle } from '../features/articles/articles.service.js';
import { ROLE, type RoleId } from '@app/common/roles';
import { as, type TestApp } from './app.js';
import { accountOfShop, actorOf, createDirector, createUser, signIn } from './factories.js';

let counter = 0;

export type ArticleFixture = {
  designation?: string;
  prix?: number;
  prixAchat?: number;
  quantite?: number;
  stockMin?: number;
  barcode?: string | null;
  categoryId?: number | null;
  supplierId?: number | null;
};

/**
 * An article of the shop with `quantite` units in the depot, made by the account's director
 * through the articles service (POST /api/articles_all's own code): the article, its stock
 * entry and its first 'addition' movement through the ledger, in one transaction.
 */
export async function createArticle(db: Db, depot: { id: number; shopId: number }, fixture: ArticleFixture = {}) {
  const ctx = shopContext(await actorOf(db, await accountOfShop(db, depot.shopId)), depot.shopId);
  return db.transaction((tx) =>
    insertArticle(tx, ctx, {
      designation: fixture.designation ?? `Article ${++counter}`,
      description: null,
      prix: fixture.prix ?? 1000,
      prixAchat: fixture.prixAchat ?? 600,
      categorie: fixture.categoryId ?? null,
      fournisseur: fixture.supplierId ?? null,
      codeBarre: fixture.barcode ?? null,
      depot: depot.id,
      stockMin: fixture.stockMin ?? 0,
      quantite: fixture.quantite ?? 10,
    }),
  );
}

/** What an (article, depot) has available, read from its stock level; null when it has none. */
export async function availableStock(db: Db, articleId: number, depotId: number): Promise<number | null> {
  const [level] = await db
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.articleId, articleId), eq(stockLevels.depotId, depotId)));
  return level ? level.qtyIn - level.qtyOut : null;
}

/** A POST /api/factures_generate body: a cash sale without client in the world's shop and depot. */
export const saleBody = (
  world: { shop: { id: number }; depot: { id: number } },
  lines: { articles: number; nombre: number }[],
  extra: Record<string, unknown> = {},
) => ({
  client: 0,
  boutiques: world.shop.id,
  articles: lines,
  depot: world.depot.id,
  remise: 0,
  typeFactures: 1,
  imprimante: false,
  ...extra,
});

/**
 * A roomy account's first shop and depot, with its director, two sellers and a cashier signed in
 * (the invoices and invoice-edit tests' world).
 */
export async function salesWorld(t: TestApp) {
  const world = await createDirector(t.db, { planId: 4, counts: { shops: 3, depots: 5, users: 20 } });
  const shop = world.shops[0]!;
  const depot = world.depots[0]!;
  const staff = (role: RoleId) => createUser(t.db, { roles: [role], shopIds: [shop.id], accountId: world.director.id });
  const [seller, seller2, cashier] = [await staff(ROLE.seller), await staff(ROLE.seller), await staff(ROLE.cashier)];
  return {
    shop,
    depot,
    director: as(t.app, await signIn(t.app, world.director)),
    seller: as(t.app, await signIn(t.app, seller)),
    seller2: as(t.app, await signIn(t.app, seller2)),
    cashier: as(t.app, await signIn(t.app, cashier)),
    sellerId: seller.id,
    directorId: world.director.id,
  };
}
