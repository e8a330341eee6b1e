import { randomUUID } from 'node:crypto';
import type { FeatureSamples } from '../../test/feature-samples.js';
import { createArticle } from '../../test/trading-factories.js';

let articleId = 0;

/** A sellable article of tenant A, and a valid till sale (a new device id each call), for the route-table tests. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const { shop, depot } = world.a;
    const article = await createArticle(db, { id: depot.id, shopId: shop.id }, { designation: `${world.marker}-till`, prix: 1500, quantite: 500 });
    articleId = article.id;
    return {};
  },
  bodies: {
    'POST /api/ventes': (w) => ({
      id: randomUUID(),
      vendueLe: new Date().toISOString(),
      boutique: w.a.shop.id,
      depot: w.a.depot.id,
      lignes: [{ article: articleId, quantite: 1 }],
      paiements: [{ methode: 'cash', montant: 2000 }],
    }),
  },
};
