import { shopClientBody } from '@app/common/contracts/shop-clients';
import { shopContext } from '../../lib/access.js';
import { actorOf } from '../../test/factories.js';
import type { FeatureSamples } from '../../test/feature-samples.js';
import { createShopClient } from './shop-clients.service.js';

const body = (shopId: number) => ({
  nom: 'Kouassi',
  prenom: 'Aya',
  telephone: '0707070707',
  adresse: 'Yopougon',
  boutique: shopId,
});

/** Tenant A's client, for the route-table tests. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const ctx = shopContext(await actorOf(db, world.a.director.id), world.a.shop.id);
    const client = await createShopClient(
      db,
      ctx,
      shopClientBody.parse({ ...body(world.a.shop.id), nom: `${world.marker}-client` }),
    );
    return { idClient: client.idClient };
  },
  recordParams: ['idClient'],
  bodies: {
    'POST /api/clients': (w) => body(w.a.shop.id),
    'PUT /api/clients/:idClient': (w) => body(w.a.shop.id),
  },
};
