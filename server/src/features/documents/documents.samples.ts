import { and, eq } from 'drizzle-orm';
import { issuedDocuments } from '../../db/schema/index.js';
import { shopContext } from '../../lib/access.js';
import type { FeatureSamples } from '../../test/feature-samples.js';
import { actorOf } from '../../test/factories.js';
import { createArticle, saleBody } from '../../test/trading-factories.js';
import { deleteInvoice } from '../sales/invoice-changes.service.js';
import { createInvoice } from '../sales/record-sale.service.js';

/** Tenant A's credit note (an invoice issued then deleted) and a verification code, for the route-table tests. */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const { shop, depot } = world.a;
    const article = await createArticle(db, { id: depot.id, shopId: shop.id }, { designation: `${world.marker}-avoir`, prix: 1000, quantite: 20 });
    const actor = await actorOf(db, world.a.director.id);
    const invoice = await createInvoice(db, shopContext(actor, shop.id), { ...saleBody(world.a, [{ articles: article.id, nombre: 1 }]), client: null } as never);
    await deleteInvoice(db, actor, invoice.idFacture);
    const [note] = await db
      .select({ id: issuedDocuments.id, code: issuedDocuments.code })
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.invoiceId, invoice.idFacture), eq(issuedDocuments.series, 'AV')));
    return { idAvoir: note!.id, code: note!.code };
  },
  recordParams: ['idAvoir'],
};
