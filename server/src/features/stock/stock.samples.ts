import { createDepot } from '../../test/factories.js';
import type { FeatureSamples } from '../../test/feature-samples.js';
import { createArticle } from '../../test/trading-factories.js';

/** Tenant A's stock for the route-table walk: an article with 10 units, and a second depot to move it to. */
let secondDepotId = 0;
let articleId = 0;

export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const article = await createArticle(db, { id: world.a.depot.id, shopId: world.a.shop.id }, { designation: `${world.marker}-stock-article`, quantite: 10 });
    const second = await createDepot(db, world.a.shop.id, `${world.marker}-second-depot`);
    articleId = article.id;
    secondDepotId = second.id;
    return { idArticle: article.id, categorie: 0 };
  },
  recordParams: ['idArticle'],
  bodies: {
    'POST /api/transferts': (w) => ({
      boutique: w.a.shop.id,
      article: articleId,
      depotSource: w.a.depot.id,
      depotDestination: secondDepotId,
      quantite: 1,
    }),
    'POST /api/inventaires': (w) => ({
      boutique: { idBoutique: w.a.shop.id },
      depot: w.a.depot.id,
      motif: 'Inventaire mensuel',
      lignes: [{ article: articleId, quantiteComptee: 9 }],
    }),
  },
};
