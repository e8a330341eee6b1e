import { invoiceBody } from '@app/common/contracts/invoices';
import { shopContext } from '../../lib/access.js';
import { actorOf } from '../../test/factories.js';
import type { FeatureSamples } from '../../test/feature-samples.js';
import { createArticle } from '../../test/trading-factories.js';
import { createInvoice } from '../sales/record-sale.service.js';

let articleId = 0;

/** Tenant A's invoice and proforma (made by its director through the service), for the route-table tests. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const { shop, depot, director } = world.a;
    const article = await createArticle(db, { id: depot.id, shopId: shop.id }, { designation: `${world.marker}-article`, quantite: 50 });
    articleId = article.id;
    const ctx = shopContext(await actorOf(db, director.id), shop.id);
    const body = (typeFactures: number) =>
      invoiceBody.parse({ client: 0, boutiques: shop.id, articles: [{ articles: article.id, nombre: 1 }], depot: depot.id, remise: 0, typeFactures });
    const invoice = await createInvoice(db, ctx, body(1));
    await createInvoice(db, ctx, body(3));
    return { idFacture: invoice.idFacture };
  },
  recordParams: ['idFacture'],
  bodies: {
    'POST /api/factures_generate': (w) => ({ client: 0, boutiques: w.a.shop.id, articles: [{ articles: articleId, nombre: 1 }], depot: w.a.depot.id, remise: 0, typeFactures: 1, imprimante: false }),
    'PUT /api/factures/update/:idFacture': (w) => ({ client: 0, boutiques: w.a.shop.id, articles: [{ articles: articleId, nombre: 1 }], depot: w.a.depot.id, remise: 0, typeFactures: 1, imprimante: false }),
    'POST /api/factures/convert/:idFacture': () => ({ typeFactures: 1 }),
  },
};
