import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createTestClient, createTestDriver, createTestInvoice } from '../../test/cash-factories.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function shopWorld() {
  const { director, shops, depots } = await createDirector(t.db, { planId: 3 });
  const shop = shops[0]!;
  const keeper = await createUser(t.db, { roles: [ROLE.warehouse], shopIds: [shop.id], accountId: director.id });
  const keeper2 = await createUser(t.db, { roles: [ROLE.warehouse], shopIds: [shop.id], accountId: director.id });
  const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id], accountId: director.id });
  return {
    shop,
    depot: depots[0]!,
    driver: await createTestDriver(t.db, shop.id, 'Moussa Traoré'),
    asDirector: as(t.app, await signIn(t.app, director)),
    asKeeper: as(t.app, await signIn(t.app, keeper)),
    asKeeper2: as(t.app, await signIn(t.app, keeper2)),
    asSeller: as(t.app, await signIn(t.app, seller)),
  };
}

describe('deliveries', () => {
  it('a warehouse keeper delivers with a driver; the director cancels it', async () => {
    const { shop, depot, driver, asDirector, asKeeper, asKeeper2 } = await shopWorld();
    // A sale on account leaves unpaid; a cash sale waits until it is settled; a quote never leaves (DECISIONS §6).
    const client = await createTestClient(t.db, shop.id);
    const invoice = await createTestInvoice(t.db, depot, { totalFcfa: 7_500, typeId: 2, clientId: client.id });
    const cash = await createTestInvoice(t.db, depot, { totalFcfa: 3_000 });
    await createTestInvoice(t.db, depot, { typeId: 3 });
    const toDeliver = (await asKeeper({ method: 'GET', url: `/api/facture/livre/page/${shop.id}/1` })).json();
    expect(toDeliver.data.map((f: { idFacture: number }) => f.idFacture)).toEqual([invoice.id]);
    expect(toDeliver.total).toBe(1);
    expect((await asKeeper({ method: 'GET', url: `/api/factures_boutique_non_livre/${shop.id}` })).json().map((f: { idFacture: number }) => f.idFacture)).toEqual([invoice.id]);
    expect((await asKeeper({ method: 'GET', url: `/api/check/commande/${cash.id}?pour=livraison` })).json().code).toBe('DELIVERY_NEEDS_PAYMENT');
    const unpaid = await asKeeper({ method: 'POST', url: '/api/livraisons_liv', payload: { facture: cash.id, chauffeure: driver.id } });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ code: 'DELIVERY_NEEDS_PAYMENT', message: expect.stringContaining('encaissez d’abord le reste') });
    expect((await t.db.select().from(invoices).where(eq(invoices.id, cash.id)))[0]!.delivered).toBe(false);
    // Settled at the cash desk, it joins the list.
    expect((await asDirector({ method: 'POST', url: '/api/paiements/livre', payload: { facture: cash.id, montantPaye: 3_000 } })).statusCode).toBe(201);
    const settled = (await asKeeper({ method: 'GET', url: `/api/facture/livre/page/${shop.id}/1` })).json();
    expect(settled.data.map((f: { idFacture: number }) => f.idFacture)).toEqual([cash.id, invoice.id]);
    expect(settled.total).toBe(2);
    expect((await asKeeper({ method: 'POST', url: '/api/livraisons_liv', payload: { facture: cash.id, chauffeure: driver.id } })).statusCode).toBe(201);
    expect(
      (await asKeeper({ method: 'GET', url: `/api/facture/livre/search/page/${shop.id}/1/${invoice.code}` })).json().total,
    ).toBe(1);
    expect((await asKeeper({ method: 'GET', url: `/api/check/commande/${invoice.id}?pour=livraison` })).json()).toBe(true);

    expect((await asKeeper({ method: 'POST', url: '/api/livraisons_liv', payload: { facture: invoice.id } })).statusCode).toBe(
      400,
    );
    const made = await asKeeper({
      method: 'POST',
      url: '/api/livraisons_liv',
      payload: { facture: invoice.id, chauffeure: driver.id },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      chauffeure: { nom: 'Moussa Traoré' },
      nomChaufeur: 'Moussa Traoré',
      livre: true,
      facture: { idFacture: invoice.id, livre: true },
    });
    const again = await asKeeper({
      method: 'POST',
      url: '/api/livraisons_liv',
      payload: { facture: invoice.id, chauffeure: driver.id },
      headers: { 'accept-language': 'en' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invoice has already been delivered.');
    expect((await asKeeper({ method: 'GET', url: `/api/check/commande/${invoice.id}?pour=livraison` })).json().code).toBe(
      'INVOICE_DELIVERED',
    );
    expect((await asKeeper({ method: 'GET', url: `/api/facture/livre/page/${shop.id}/1` })).json().total).toBe(0);

    // Own versus all.
    expect((await asKeeper({ method: 'GET', url: `/api/livraison/page/${shop.id}/1` })).json().total).toBe(2);
    expect((await asKeeper2({ method: 'GET', url: `/api/livraison/page/${shop.id}/1` })).json().total).toBe(0);
    expect((await asKeeper2({ method: 'GET', url: `/api/livraison/directeur/page/${shop.id}/1` })).json().total).toBe(0);
    expect((await asDirector({ method: 'GET', url: `/api/livraison/directeur/page/${shop.id}/1/moussa` })).json().total).toBe(2);

    const id = made.json().idLivraison;
    expect((await asKeeper({ method: 'DELETE', url: `/api/livraisons/annulation/${id}` })).statusCode).toBe(403);
    expect((await asDirector({ method: 'DELETE', url: `/api/livraisons/annulation/${id}` })).statusCode).toBe(200);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.delivered).toBe(false);
    expect((await asDirector({ method: 'DELETE', url: `/api/livraisons/annulation/${id}` })).json().code).toBe(
      'DELIVERY_CANCELLED',
    );
    const list = (await asDirector({ method: 'GET', url: `/api/livraison/directeur/page/${shop.id}/1` })).json();
    expect(list.data.find((d: { idLivraison: number }) => d.idLivraison === id)).toMatchObject({ idLivraison: id, livre: false, annule: true });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.some((a) => a.action === 'delivery.cancel')).toBe(true);
    // Back in the list to deliver, and deliverable again.
    expect(
      (await asKeeper({ method: 'POST', url: '/api/livraisons_liv', payload: { facture: invoice.id, chauffeure: driver.id } }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a proforma, another shop (404) and a seller (403)', async () => {
    const mine = await shopWorld();
    const theirs = await shopWorld();
    const proforma = await createTestInvoice(t.db, mine.depot, { typeId: 3 });
    const refused = await mine.asKeeper({
      method: 'POST',
      url: '/api/livraisons_liv',
      payload: { facture: proforma.id, chauffeure: mine.driver.id },
    });
    expect(refused.json().code).toBe('INVOICE_PROFORMA');
    const theirInvoice = await createTestInvoice(t.db, theirs.depot, { typeId: 2, clientId: (await createTestClient(t.db, theirs.shop.id)).id });
    expect(
      (
        await mine.asKeeper({
          method: 'POST',
          url: '/api/livraisons_liv',
          payload: { facture: theirInvoice.id, chauffeure: mine.driver.id },
        })
      ).statusCode,
    ).toBe(404);
    const mineInvoice = await createTestInvoice(t.db, mine.depot, { typeId: 2, clientId: (await createTestClient(t.db, mine.shop.id)).id });
    expect(
      (
        await mine.asKeeper({
          method: 'POST',
          url: '/api/livraisons_liv',
          payload: { facture: mineInvoice.id, chauffeure: theirs.driver.id },
        })
      ).statusCode,
    ).toBe(422);
    const theirDelivery = (
      await theirs.asKeeper({
        method: 'POST',
        url: '/api/livraisons_liv',
        payload: { facture: theirInvoice.id, chauffeure: theirs.driver.id },
      })
    ).json();
    expect(
      (await mine.asDirector({ method: 'DELETE', url: `/api/livraisons/annulation/${theirDelivery.idLivraison}` })).statusCode,
    ).toBe(404);
    expect((await mine.asKeeper({ method: 'GET', url: `/api/livraison/page/${theirs.shop.id}/1` })).statusCode).toBe(403);
    expect(
      (
        await mine.asSeller({
          method: 'POST',
          url: '/api/livraisons_liv',
          payload: { facture: mineInvoice.id, chauffeure: mine.driver.id },
        })
      ).statusCode,
    ).toBe(403);
    expect((await mine.asSeller({ method: 'GET', url: `/api/facture/livre/page/${mine.shop.id}/1` })).statusCode).toBe(403);
  });
  it("a warehouse keeper reads the invoices to deliver and those they delivered, not a proforma nor another's delivered sale (detail and PDF)", async () => {
    const { shop, depot, driver, asDirector, asKeeper, asKeeper2 } = await shopWorld();
    const client = await createTestClient(t.db, shop.id);
    const toDeliver = await createTestInvoice(t.db, depot, { totalFcfa: 7_500, typeId: 2, clientId: client.id });
    const mine = await createTestInvoice(t.db, depot, { totalFcfa: 4_000, typeId: 2, clientId: client.id });
    const theirs = await createTestInvoice(t.db, depot, { totalFcfa: 3_000, typeId: 2, clientId: client.id });
    const quote = await createTestInvoice(t.db, depot, { typeId: 3 });
    expect((await asKeeper({ method: 'POST', url: '/api/livraisons_liv', payload: { facture: mine.id, chauffeure: driver.id } })).statusCode).toBe(201);
    expect((await asKeeper2({ method: 'POST', url: '/api/livraisons_liv', payload: { facture: theirs.id, chauffeure: driver.id } })).statusCode).toBe(201);
    const status = async (id: number) => [
      (await asKeeper({ method: 'GET', url: `/api/factures/commande/detail/${id}` })).statusCode,
      (await asKeeper({ method: 'GET', url: `/api/downloadFile/facture-${id}.pdf` })).statusCode,
    ];
    expect(await status(toDeliver.id)).toEqual([200, 200]);
    expect(await status(mine.id)).toEqual([200, 200]);
    expect(await status(theirs.id)).toEqual([404, 404]);
    expect(await status(quote.id)).toEqual([404, 404]);
    // Its delivery cancelled, the sale is to deliver again: back in view for every keeper.
    const [delivery] = (await asDirector({ method: 'GET', url: `/api/livraisons_boutique/${shop.id}` })).json().filter((d: { facture: { idFacture: number } }) => d.facture.idFacture === theirs.id);
    expect((await asDirector({ method: 'DELETE', url: `/api/livraisons/annulation/${delivery.idLivraison}` })).statusCode).toBe(200);
    expect(await status(theirs.id)).toEqual([200, 200]);
  });
});
