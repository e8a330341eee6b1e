import { closingBody } from '@app/common/contracts/closings';
import { eq } from 'drizzle-orm';
import { cashRegisters } from '../../db/schema/index.js';
import { actorOf } from '../../test/factories.js';
import type { FeatureSamples } from '../../test/feature-samples.js';
import { closeDay } from './closings.service.js';

/** Tenant A's closing of a past day of its default register, for the route-table walk. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const { shop, director } = world.a;
    const [register] = await db.select().from(cashRegisters).where(eq(cashRegisters.shopId, shop.id));
    const input = closingBody.parse({ caisse: register!.id, date: '2026-01-15', montantCompte: 0 });
    const { closing } = await closeDay(db, await actorOf(db, director.id), input, null);
    return { idCloture: closing.idCloture!, date: '2026-01-16' };
  },
  recordParams: ['idCloture'],
  bodies: {
    'POST /api/clotures': (w) => ({ caisse: Number(w.values.idCaisse), date: '2026-01-16', montantCompte: 1_000 }),
  },
};
