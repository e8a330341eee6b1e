import { shopContext } from '../../lib/access.js';
import { actorOf } from '../../test/factories.js';
import type { FeatureSamples } from '../../test/feature-samples.js';
import { createInvoiceType } from './invoice-types.service.js';

/** Tenant A's own invoice type, for the route-table tests. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const ctx = shopContext(await actorOf(db, world.a.director.id), world.a.shop.id);
    const type = await createInvoiceType(db, ctx, { libelle: `${world.marker}-type` }, 'fr');
    return { idTypeFacture: type.idTypeFacture };
  },
  recordParams: ['idTypeFacture'],
  bodies: {
    'POST /api/type_factures': (w) => ({ libelle: 'Bon de commande', boutique: w.a.shop.id }),
    'PUT /api/type_factures/:idTypeFacture': (w) => ({ libelle: 'Bon de commande', boutique: w.a.shop.id }),
  },
};
