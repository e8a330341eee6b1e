import type { FeatureSamples } from '../../test/feature-samples.js';
import { actorOf } from '../../test/factories.js';
import { createArticle } from '../../test/trading-factories.js';
import { shopContext } from '../../lib/access.js';
import { createReception } from './receptions.service.js';

/** Tenant A's reception (of an article of its depot), named by the reception routes. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const ctx = shopContext(await actorOf(db, world.a.director.id), world.a.shop.id);
    const article = await createArticle(db, { id: world.a.depot.id, shopId: world.a.shop.id }, { quantite: 0 });
    const reception = await createReception(db, ctx, {
      depot: world.a.depot.id,
      boutique: world.a.shop.id,
      article: [{ articles: article.id, nombre: 5 }],
    });
    return { idReception: reception.idReception, receptionArticle: article.id };
  },
  recordParams: ['idReception'],
  bodies: {
    'POST /api/reception': (w) => ({
      chauffeure: 0,
      fournisseur: 0,
      depot: w.a.depot.id,
      boutique: { idBoutique: w.a.shop.id },
      article: [{ articles: Number(w.values.receptionArticle), nombre: 2 }],
    }),
    'PUT /api/reception/:idReception': (w) => ({
      depot: w.a.depot.id,
      boutique: w.a.shop.id,
      article: [{ articles: Number(w.values.receptionArticle), nombre: 6 }],
    }),
  },
};
