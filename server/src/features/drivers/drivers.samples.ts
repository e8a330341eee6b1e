import type { FeatureSamples } from '../../test/feature-samples.js';
import { actorOf } from '../../test/factories.js';
import { shopContext } from '../../lib/access.js';
import { createDriver } from './drivers.service.js';

/** Tenant A's driver, named by the driver routes (route-table and fuzz tests). */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const ctx = shopContext(await actorOf(db, world.a.director.id), world.a.shop.id);
    const driver = await createDriver(db, ctx, {
      nom: `${world.marker} Yao`,
      telephone: '0708091011',
      boutique: world.a.shop.id,
    });
    return { idChauffeur: driver.id };
  },
  recordParams: ['idChauffeur'],
  bodies: {
    'POST /api/chauffeur': (w) => ({ nom: 'Kouassi Yao', telephone: '0708091011', boutique: { idBoutique: w.a.shop.id } }),
    'PUT /api/chauffeur/:idChauffeur': (w) => ({ nom: 'Kouassi Yao', telephone: '0708091011', boutique: w.a.shop.id }),
  },
};
