import { eq } from 'drizzle-orm';
import { cashRegisters } from '../../db/schema/index.js';
import { createTestClient, createTestDriver, createTestInvoice } from '../../test/cash-factories.js';
import { actorOf } from '../../test/factories.js';
import type { FeatureSamples } from '../../test/feature-samples.js';
import { createDelivery } from '../sales/deliver.service.js';
import { createPayment } from '../sales/pay.service.js';

/**
 * Tenant A's cash desk records for the route-table tests: a register, two invoices on account
 * (Crédit: deliverable before they are paid, DECISIONS §6; one paid in part and delivered, one
 * untouched), a payment, a driver and a delivery.
 */
export const samples: FeatureSamples = {
  setup: async ({ db, world }) => {
    const { shop, depot, director } = world.a;
    const actor = await actorOf(db, director.id);
    const saleDepot = { id: depot.id, shopId: shop.id };
    const client = await createTestClient(db, shop.id, `${world.marker}-client`);
    const invoice = await createTestInvoice(db, saleDepot, { typeId: 2, clientId: client.id });
    const open = await createTestInvoice(db, saleDepot, { typeId: 2, clientId: client.id });
    const driver = await createTestDriver(db, shop.id, `${world.marker}-driver`);
    const { payment } = await createPayment(
      db,
      actor,
      {
        facture: invoice.id,
        caisse: null,
        montantPaye: 1_000,
        montant: null,
        total: null,
        reste: null,
        livrer: false,
        chauffeure: null,
        methode: 'cash',
        reference: null,
      },
      null,
      'fr',
    );
    const delivery = await createDelivery(db, actor, { facture: invoice.id, chauffeure: driver.id }, 'fr');
    const [register] = await db.select().from(cashRegisters).where(eq(cashRegisters.shopId, shop.id));
    return {
      idFacture: open.id,
      idPayement: payment.idPayement,
      idLivraison: delivery.idLivraison,
      idCaisse: register!.id,
      cashDriver: driver.id,
    };
  },
  recordParams: ['idFacture', 'idPayement', 'idLivraison', 'idCaisse'],
  bodies: {
    'POST /api/caisses': (w) => ({ libelle: `${w.marker}-caisse`, boutique: { idBoutique: w.a.shop.id } }),
    'PUT /api/caisses/:idCaisse': (w) => ({ libelle: `${w.marker}-caisse2`, boutique: { idBoutique: w.a.shop.id } }),
    'POST /api/paiements/livre': (w) => ({ facture: Number(w.values.idFacture), montantPaye: 100, livrer: false, chauffeure: 0 }),
    'PUT /api/payements/:idPayement': () => ({ montantPaye: 500 }),
    'POST /api/livraisons_liv': (w) => ({ facture: Number(w.values.idFacture), chauffeure: Number(w.values.cashDriver) }),
  },
};
