import { randomUUID } from 'node:crypto';
import { shopContext } from '../../lib/access.js';
import type { FeatureSamples } from '../../test/feature-samples.js';
import { actorOf } from '../../test/factories.js';
import { reportRefusedSale } from './refused-sales.service.js';

const report = (shopId: number, marker: string) => ({
  id: randomUUID(),
  boutique: shopId,
  refTicket: 'T7K2-000001',
  vendueLe: new Date().toISOString(),
  montant: 1500,
  code: 'SALE_TIME_OUT_OF_WINDOW',
  message: 'Heure de vente hors de la fenêtre.',
  lignes: [{ designation: `${marker}-article`, quantite: 1 }],
});

/** Tenant A's refused sale, for the route-table walk. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const ctx = shopContext(await actorOf(db, world.a.director.id), world.a.shop.id);
    const { refused } = await reportRefusedSale(db, ctx, report(world.a.shop.id, world.marker));
    return { idRefus: refused.idRefus };
  },
  recordParams: ['idRefus'],
  bodies: {
    'POST /api/ventes/refusees': (w) => report(w.a.shop.id, w.marker),
  },
};
