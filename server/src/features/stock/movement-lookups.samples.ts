import { desc, eq } from 'drizzle-orm';
import { stockMovements } from '../../db/schema/index.js';
import type { FeatureSamples } from '../../test/feature-samples.js';
import { createArticle } from '../../test/trading-factories.js';

/** Tenant A's stock movement (the seeds' inventaire row) for the route-table walk. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const article = await createArticle(
      db,
      { id: world.a.depot.id, shopId: world.a.shop.id },
      { designation: `${world.marker}-movement`, quantite: 4 },
    );
    const [movement] = await db
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(eq(stockMovements.articleId, article.id))
      .orderBy(desc(stockMovements.id))
      .limit(1);
    return { idInventaire: movement!.id };
  },
  recordParams: ['idInventaire'],
  bodies: {
    'PUT /api/inventaires/:idInventaire': () => ({ quantite: 3, motif: 'Erreur de saisie' }),
  },
};
