import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { stockLevels } from '../db/schema/index.js';
import { shopContext } from '../lib/access.js';
import { insertArticle } from '../features/articles/articles.service.js';
import { accountOfShop, actorOf } from './factories.js';

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

/** A till sale's body (POST /api/ventes): a new device id, now, the world's shop and depot, lines as `[article, quantity]`, paid in cash. */
export const tillSaleBody = (
  world: { shop: { id: number }; depot: { id: number } },
  lines: [article: number, quantity: number][],
  cashFcfa: number | null,
  extra: Record<string, unknown> = {},
) => ({
  id: randomUUID(),
  vendueLe: new Date().toISOString(),
  boutique: world.shop.id,
  depot: world.depot.id,
  lignes: lines.map(([article, quantite]) => ({ article, quantite })),
  paiements: cashFcfa === null ? [] : [{ methode: 'cash', montant: cashFcfa }],
  ...extra,
});
