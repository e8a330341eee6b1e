import type { FeatureSamples } from '../../test/feature-samples.js';
import { actorOf } from '../../test/factories.js';
import { shopContext } from '../../lib/access.js';
import { createSupplier } from './suppliers.service.js';

/** Tenant A's supplier, named by the supplier routes (route-table and fuzz tests). */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const ctx = shopContext(await actorOf(db, world.a.director.id), world.a.shop.id);
    const supplier = await createSupplier(db, ctx, {
      raisonSociale: `${world.marker} SARL`,
      telephone: '0102030405',
      adresse: 'Treichville',
      boutique: world.a.shop.id,
    });
    return { idFournisseur: supplier.idFournisseur };
  },
  recordParams: ['idFournisseur'],
  bodies: {
    'POST /api/fournisseurs': (w) => ({
      raisonSociale: 'Sotra Import',
      telephone: '0102030405',
      adresse: 'Treichville',
      boutique: { idBoutique: w.a.shop.id },
    }),
    'PUT /api/fournisseurs/:idFournisseur': (w) => ({
      raisonSociale: 'Sotra Import',
      telephone: '0102030405',
      adresse: 'Treichville',
      boutique: w.a.shop.id,
    }),
  },
};
