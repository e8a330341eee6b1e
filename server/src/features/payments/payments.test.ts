import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cashRegisters, deliveries, invoices, payments } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createTestClient, createTestDriver, createTestInvoice } from '../../test/cash-factories.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A shop with a director, a seller and a cashier, and an invoice of 10 000 FCFA sold by the seller. */
async function shopWorld() {
  const { director, shops, depots } = await createDirector(t.db, { planId: 3 });
  const shop = shops[0]!;
  const depot = depots[0]!;
  const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id], accountId: director.id });
  const cashier = await createUser(t.db, { roles: [ROLE.cashier], shopIds: [shop.id], accountId: director.id });
  const keeper = await createUser(t.db, { roles: [ROLE.warehouse], shopIds: [shop.id], accountId: director.id });
  const invoice = await createTestInvoice(t.db, depot, { sellerId: seller.id, totalFcfa: 10_000 });
  return {
    shop,
    depot,
    seller,
    invoice,
    asDirector: as(t.app, await signIn(t.app, director)),
    asSeller: as(t.app, await signIn(t.app, seller)),
    asCashier: as(t.app, await signIn(t.app, cashier)),
    asKeeper: as(t.app, await signIn(t.app, keeper)),
  };
}

const invoiceRow = async (id: number) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

describe('payments', () => {
  it('a cashier takes a partial Orange Money payment, then the rest in cash with change', async () => {
    const { invoice, asCashier, shop } = await shopWorld();
    expect((await asCashier({ method: 'GET', url: `/api/check/commande/${invoice.id}?pour=paiement` })).json()).toBe(true);

    const first = await asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: {
        facture: invoice.id,
        montantPaye: 4_000,
        total: 10_000,
        reste: 10_000,
        methode: 'orange_money',
        reference: 'OM-123456',
        livrer: false,
        chauffeure: 0,
      },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      montant: 4_000,
      montantPaye: 4_000,
      reliquat: 0,
      reste: 6_000,
      solde: false,
      methode: 'orange_money',
      reference: 'OM-123456',
      caisse: { libelle: 'Caisse principale' },
    });

    const [register] = await t.db.select().from(cashRegisters).where(eq(cashRegisters.shopId, shop.id));
    const second = await asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: {
        caisse: register!.id,
        facture: invoice.id,
        montantPaye: 6_000,
        montant: 10_000,
        total: 10_000,
        reste: 6_000,
        livrer: false,
        chauffeure: 0,
      },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      montant: 10_000,
      montantPaye: 6_000,
      reliquat: 4_000,
      reste: 0,
      solde: true,
      methode: 'cash',
      facture: { solde: true, reste: 0, montantPaye: 10_000 },
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidFcfa: 10_000, remainingFcfa: 0, settled: true });

    const history = (await asCashier({ method: 'GET', url: `/api/paiements_facture/${invoice.id}` })).json();
    expect(history.map((p: { montantPaye: number }) => p.montantPaye)).toEqual([4_000, 6_000]);
    const settled = await asCashier({
      method: 'GET',
      url: `/api/check/commande/${invoice.id}?pour=paiement`,
      headers: { 'accept-language': 'en' },
    });
    expect(settled.statusCode).toBe(409);
    expect(settled.json()).toMatchObject({ code: 'INVOICE_SETTLED', message: 'This invoice is already settled.' });
    const again = await asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: { facture: invoice.id, montantPaye: 100 },
    });
    expect(again.json().code).toBe('INVOICE_SETTLED');
  });

  it('an invoice above 99 999 999 FCFA (two generators) is paid from the invoice screen, in one payment with change', async () => {
    const { depot, seller, asCashier } = await shopWorld();
    const big = await createTestInvoice(t.db, depot, { sellerId: seller.id, totalFcfa: 116_549_991 });
    const paid = await asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: { facture: big.id, montantPaye: 116_549_991, montant: 120_000_000, total: 116_549_991, reste: 116_549_991 },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ montant: 120_000_000, montantPaye: 116_549_991, reliquat: 3_450_009, reste: 0, solde: true });
    expect(await invoiceRow(big.id)).toMatchObject({ paidFcfa: 116_549_991, remainingFcfa: 0, settled: true });
    // Past an article's price cap (10^12), an amount typed is refused, and nothing is written.
    const other = await createTestInvoice(t.db, depot, { sellerId: seller.id, totalFcfa: 5_000 });
    const huge = await asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: { facture: other.id, montantPaye: 5_000, montant: 1_000_000_000_001 },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details).toEqual([expect.objectContaining({ field: 'body.montant' })]);
    expect((await invoiceRow(other.id)).paidFcfa).toBe(0);
  });

  it('refuses what the rules refuse: reference, change by mobile money, stale total, proforma, no driver', async () => {
    const { invoice, asCashier, depot, asSeller } = await shopWorld();
    const pay = (payload: object) =>
      asCashier({ method: 'POST', url: '/api/paiements/livre', payload: { facture: invoice.id, ...payload } });
    expect((await pay({ montantPaye: 1_000, methode: 'wave' })).json().code).toBe('PAYMENT_REFERENCE_REQUIRED');
    expect((await pay({ montantPaye: 12_000, methode: 'card', reference: 'C1' })).json()).toMatchObject({
      code: 'PAYMENT_EXCEEDS_REMAINDER',
    });
    const stale = await pay({ montantPaye: 1_000, total: 9_000, reste: 9_000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'INVOICE_CHANGED', details: { montantFacture: 10_000, reste: 10_000 } });
    expect((await pay({ montantPaye: 1_000, livrer: true, chauffeure: 0 })).json().code).toBe('DRIVER_REQUIRED');
    expect((await pay({ montantPaye: 0 })).statusCode).toBe(400);
    expect((await pay({ montantPaye: 10.5 })).statusCode).toBe(400);
    expect((await pay({ montantPaye: 100, methode: 'bitcoin' })).statusCode).toBe(400);
    expect((await pay({ montantPaye: 1_000, montant: 500 })).json().code).toBe('PAYMENT_HANDED_TOO_LOW');
    expect((await pay({ montantPaye: 100, caisse: 2_000_000_000 })).statusCode).toBe(404);
    expect((await invoiceRow(invoice.id)).paidFcfa).toBe(0);

    const proforma = await createTestInvoice(t.db, depot, { typeId: 3 });
    const refused = await asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: { facture: proforma.id, montantPaye: 100 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INVOICE_PROFORMA');
    expect((await asCashier({ method: 'GET', url: `/api/check/commande/${proforma.id}` })).json().code).toBe('INVOICE_PROFORMA');
    // A seller pays only their own invoices.
    const directorsSale = await createTestInvoice(t.db, depot);
    expect(
      (await asSeller({ method: 'POST', url: '/api/paiements/livre', payload: { facture: directorsSale.id, montantPaye: 100 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await asSeller({ method: 'POST', url: '/api/paiements/livre', payload: { facture: invoice.id, montantPaye: 100 } }))
        .statusCode,
    ).toBe(201);
  });

  it('pays and delivers at once with a driver of the shop: a cash sale once settled, a sale on account before', async () => {
    const { invoice, asSeller, shop, depot, seller } = await shopWorld();
    const driver = await createTestDriver(t.db, shop.id);
    const other = await createDirector(t.db);
    const foreignDriver = await createTestDriver(t.db, other.shops[0]!.id);
    const pay = (facture: number, montantPaye: number, chauffeure: number, lang = 'fr') =>
      asSeller({
        method: 'POST',
        url: '/api/paiements/livre',
        payload: { facture, montantPaye, livrer: true, chauffeure },
        headers: { 'accept-language': lang },
      });
    // A cash sale half paid does not leave (DECISIONS §6): 409, and neither the payment nor a delivery is written.
    const half = await pay(invoice.id, 2_000, driver.id);
    expect(half.statusCode).toBe(409);
    expect(half.json()).toMatchObject({ code: 'DELIVERY_NEEDS_PAYMENT', message: expect.stringContaining('vente au comptant') });
    expect((await pay(invoice.id, 2_000, driver.id, 'en')).json().message).toContain('A cash sale is delivered only once paid in full');
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(0);
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidFcfa: 0, delivered: false });
    // Paid in full, it leaves with a driver of the shop.
    const foreign = await pay(invoice.id, 10_000, foreignDriver.id);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ code: 'DRIVER_NOT_IN_SHOP', message: expect.stringContaining("n'est pas (ou plus) un chauffeur de cette boutique") });
    const paid = await pay(invoice.id, 10_000, driver.id);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ idLivraison: expect.any(Number), facture: { livre: true, solde: true, reste: 0 } });
    expect(await t.db.select().from(deliveries).where(eq(deliveries.invoiceId, invoice.id))).toHaveLength(1);
    // A sale on account (Crédit) may leave before it is paid.
    const client = await createTestClient(t.db, shop.id);
    const onAccount = await createTestInvoice(t.db, depot, { sellerId: seller.id, totalFcfa: 10_000, typeId: 2, clientId: client.id });
    const partly = await pay(onAccount.id, 2_000, driver.id);
    expect(partly.statusCode, partly.body).toBe(201);
    expect(partly.json()).toMatchObject({ facture: { livre: true, solde: false, reste: 8_000 } });
    expect((await pay(onAccount.id, 2_000, driver.id)).json().code).toBe('INVOICE_DELIVERED');
  });

  it('lists payments: directors all, others their own, searched', async () => {
    const { invoice, asCashier, asSeller, asDirector, shop, depot } = await shopWorld();
    const other = await createTestInvoice(t.db, depot, { totalFcfa: 3_000 });
    await asSeller({ method: 'POST', url: '/api/paiements/livre', payload: { facture: invoice.id, montantPaye: 1_000 } });
    await asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: { facture: other.id, montantPaye: 3_000, methode: 'moov_money', reference: 'MOOV-77' },
    });
    const all = (await asDirector({ method: 'GET', url: `/api/paiement/page/${shop.id}/1` })).json();
    expect(all.total).toBe(2);
    expect((await asSeller({ method: 'GET', url: `/api/paiement/page/${shop.id}/1` })).json().total).toBe(1);
    expect((await asCashier({ method: 'GET', url: `/api/paiement/user/page/${shop.id}/1` })).json().data[0].reference).toBe(
      'MOOV-77',
    );
    expect((await asDirector({ method: 'GET', url: `/api/paiement/user/page/${shop.id}/1` })).json().total).toBe(0);
    expect((await asDirector({ method: 'GET', url: `/api/paiement/page/${shop.id}/1/moov-77` })).json().total).toBe(1);
    expect((await asDirector({ method: 'GET', url: `/api/paiement/page/${shop.id}/1/${invoice.code}` })).json().total).toBe(1);
  });

  it('directors correct and void payments; the invoice is recomputed and audited', async () => {
    const { invoice, asCashier, asDirector } = await shopWorld();
    const a = (
      await asCashier({ method: 'POST', url: '/api/paiements/livre', payload: { facture: invoice.id, montantPaye: 3_000 } })
    ).json();
    const b = (
      await asCashier({ method: 'POST', url: '/api/paiements/livre', payload: { facture: invoice.id, montantPaye: 2_000 } })
    ).json();
    expect(
      (await asCashier({ method: 'PUT', url: `/api/payements/${a.idPayement}`, payload: { montantPaye: 1 } })).statusCode,
    ).toBe(403);

    const corrected = await asDirector({
      method: 'PUT',
      url: `/api/payements/${a.idPayement}`,
      payload: { montantPaye: 5_000, methode: 'cheque' },
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ montantPaye: 5_000, methode: 'cheque', reste: 5_000 });
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidFcfa: 7_000, remainingFcfa: 3_000 });
    const [later] = await t.db.select().from(payments).where(eq(payments.id, b.idPayement));
    expect(later!.remainingAfterFcfa).toBe(3_000);
    // More than the invoice allows without the others' payments: refused.
    expect(
      (
        await asDirector({
          method: 'PUT',
          url: `/api/payements/${a.idPayement}`,
          payload: { montantPaye: 9_000, montant: 9_000, methode: 'wave', reference: 'W' },
        })
      ).json().code,
    ).toBe('PAYMENT_EXCEEDS_REMAINDER');
    // Without the amount handed over, a correction above what is due (8 000 without this payment)
    // is refused: it would record 999 991 999 FCFA of change nobody handed, in the day's cash too.
    const inflated = await asDirector({ method: 'PUT', url: `/api/payements/${a.idPayement}`, payload: { montantPaye: 999_999_999, methode: 'cash' } });
    expect(inflated.statusCode, inflated.body).toBe(422);
    expect(inflated.json()).toMatchObject({ code: 'PAYMENT_CORRECTION_ABOVE_DUE', details: [{ field: 'body.montantPaye' }] });
    expect(inflated.json().message).toMatch(/8\s000\sFCFA/);
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidFcfa: 7_000, remainingFcfa: 3_000 });
    const [unchanged] = await t.db.select().from(payments).where(eq(payments.id, a.idPayement));
    expect(unchanged).toMatchObject({ handedFcfa: 5_000, appliedFcfa: 5_000, changeFcfa: 0 });
    // With the cash handed over, the change is the one typed.
    const handed = await asDirector({ method: 'PUT', url: `/api/payements/${a.idPayement}`, payload: { montantPaye: 8_000, montant: 10_000, methode: 'cash' } });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ montant: 10_000, montantPaye: 8_000, reliquat: 2_000 });
    expect(
      (await asDirector({ method: 'PUT', url: `/api/payements/${a.idPayement}`, payload: { montantPaye: 5_000, methode: 'cheque' } })).statusCode,
    ).toBe(200);

    expect((await asDirector({ method: 'DELETE', url: `/api/payements/${b.idPayement}` })).statusCode).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidFcfa: 5_000, remainingFcfa: 5_000, settled: false });
    expect((await asDirector({ method: 'DELETE', url: `/api/payements/${b.idPayement}` })).json().code).toBe('PAYMENT_VOIDED');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'payment'));
    expect(
      audits
        .filter((r) => [a.idPayement, b.idPayement].includes(r.entityId))
        .map((r) => r.action)
        .sort(),
    ).toEqual(['payment.correct', 'payment.correct', 'payment.correct', 'payment.void']);
  });

  it("another shop's invoice or payment is 404; a warehouse keeper cannot pay (403)", async () => {
    const mine = await shopWorld();
    const theirs = await shopWorld();
    const paid = (
      await theirs.asCashier({
        method: 'POST',
        url: '/api/paiements/livre',
        payload: { facture: theirs.invoice.id, montantPaye: 500 },
      })
    ).json();
    expect(
      (
        await mine.asCashier({
          method: 'POST',
          url: '/api/paiements/livre',
          payload: { facture: theirs.invoice.id, montantPaye: 500 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await mine.asCashier({ method: 'GET', url: `/api/check/commande/${theirs.invoice.id}` })).statusCode).toBe(404);
    expect((await mine.asCashier({ method: 'GET', url: `/api/paiements_facture/${theirs.invoice.id}` })).statusCode).toBe(404);
    expect(
      (await mine.asDirector({ method: 'PUT', url: `/api/payements/${paid.idPayement}`, payload: { montantPaye: 1 } }))
        .statusCode,
    ).toBe(404);
    expect((await mine.asDirector({ method: 'DELETE', url: `/api/payements/${paid.idPayement}` })).statusCode).toBe(404);
    expect((await mine.asDirector({ method: 'GET', url: `/api/paiement/page/${theirs.shop.id}/1` })).statusCode).toBe(403);
    expect(
      (
        await mine.asKeeper({
          method: 'POST',
          url: '/api/paiements/livre',
          payload: { facture: mine.invoice.id, montantPaye: 500 },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('payments under concurrency', () => {
  it('the same Idempotency-Key twice at once gives one payment', async () => {
    const { invoice, asCashier } = await shopWorld();
    const request = () =>
      asCashier({
        method: 'POST',
        url: '/api/paiements/livre',
        headers: { 'idempotency-key': `pay-${invoice.id}-once` },
        payload: { facture: invoice.id, montantPaye: 4_000 },
      });
    const answers = await Promise.all([request(), request(), request()]);
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.statusCode);
    // A repeat gets the first answer replayed (or 409 while the first is still running): one payment id.
    const ids = new Set(answers.filter((a) => a.statusCode < 300).map((a) => a.json().idPayement));
    expect(ids.size).toBe(1);
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(rows).toHaveLength(1);
    expect((await invoiceRow(invoice.id)).paidFcfa).toBe(4_000);
    // Later, the same key answers the same payment.
    const replay = await request();
    expect([200, 201]).toContain(replay.statusCode);
    expect(replay.json().idPayement).toBe(rows[0]!.id);
  });

  it('a key stored with a payment answers it even when the request-level record is gone (crash after commit)', async () => {
    const { invoice, asCashier } = await shopWorld();
    const key = `pay-${invoice.id}-crash`;
    const first = await asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      headers: { 'idempotency-key': key },
      payload: { facture: invoice.id, montantPaye: 1_000 },
    });
    const { idempotencyKeys } = await import('../../db/schema/index.js');
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const retry = await asCashier({
      method: 'POST',
      url: '/api/paiements/livre',
      headers: { 'idempotency-key': key },
      payload: { facture: invoice.id, montantPaye: 1_000 },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().idPayement).toBe(first.json().idPayement);
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
  });

  it('payments racing on one invoice never take the remainder below 0', async () => {
    const { invoice, asCashier, asDirector } = await shopWorld();
    const answers = await Promise.all(
      [asCashier, asDirector, asCashier, asDirector, asCashier].map((call) =>
        call({
          method: 'POST',
          url: '/api/paiements/livre',
          payload: { facture: invoice.id, montantPaye: 3_000, methode: 'cash' },
        }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 201).map((a) => a.json());
    // 10 000 = 3 000 + 3 000 + 3 000 + 1 000: the fourth applies what is left (2 000 change), the fifth finds it settled.
    expect(ok.map((p) => p.montantPaye).sort()).toEqual([1_000, 3_000, 3_000, 3_000]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code)).toEqual(['INVOICE_SETTLED']);
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidFcfa: 10_000, remainingFcfa: 0, settled: true });
  });
});
