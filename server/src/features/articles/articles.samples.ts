import type { FeatureSamples } from '../../test/feature-samples.js';
import { createArticle } from '../../test/trading-factories.js';

/** Tenant A's article (with a barcode and 10 units in its depot) for the route-table walk. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const article = await createArticle(
      db,
      { id: world.a.depot.id, shopId: world.a.shop.id },
      { designation: `${world.marker}-article`, barcode: `${world.marker}-bc` },
    );
    return { idArticle: article.id, codeBarre: `${world.marker}-bc` };
  },
  recordParams: ['idArticle'],
  bodies: {
    'POST /api/articles_all': (w) => ({
      boutique: { idBoutique: w.a.shop.id },
      depot: w.a.depot.id,
      designation: `${w.marker}-new-article`,
      prix: 1000,
      prixAchat: 600,
      stockMin: 0,
      quantite: 1,
      categorie: 0,
      fournisseur: 0,
      description: '',
    }),
    'PUT /api/articles/:idArticle': (w) => ({
      boutique: w.a.shop.id,
      designation: `${w.marker}-renamed-article`,
      prix: 1000,
      prixAchat: 600,
      categorie: null,
      fournisseur: null,
      description: null,
    }),
    'PUT /api/article/image/add/:idArticle': () => ({
      file: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    }),
    'PUT /api/ajouter': (w) => ({ boutique: w.a.shop.id, article: Number(w.values.idArticle), depot: w.a.depot.id, quantite: 1 }),
    'PUT /api/ajouter1': () => ({ idEntree: 2_147_483_000, quantite: 1 }),
    'PUT /api/ajouter2': (w) => ({
      boutique: w.a.shop.id,
      article: Number(w.values.idArticle),
      depot: w.a.depot.id,
      stockMin: 0,
      quantite: 1,
    }),
    'POST /api/articles/import/:b': (w) => ({
      depot: w.a.depot.id,
      csv: `designation;prix;prixAchat;quantite\n${w.marker}-csv;100;50;1\n`,
    }),
  },
};
