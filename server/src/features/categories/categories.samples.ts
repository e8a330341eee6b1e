import type { FeatureSamples } from '../../test/feature-samples.js';
import { createCategory } from './categories.service.js';
import { actorOf } from '../../test/factories.js';
import { shopContext } from '../../lib/access.js';

/** Tenant A's category for the route-table walk. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const ctx = shopContext(await actorOf(db, world.a.director.id), world.a.shop.id);
    const category = await createCategory(db, ctx, { libelle: `${world.marker}-category`, boutique: world.a.shop.id });
    return { idCategorie: category.idCategorie };
  },
  recordParams: ['idCategorie'],
  bodies: {
    'POST /api/categories': (w) => ({ libelle: `${w.marker}-new-category`, boutique: w.a.shop.id }),
    'PUT /api/categories/:idCategorie': (w) => ({
      libelle: `${w.marker}-renamed-category`,
      boutique: { idBoutique: w.a.shop.id },
    }),
  },
};
