import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { salesWorld } from '../../test/sales-world.js';
import { availableStock, createArticle, saleBody } from '../../test/trading-factories.js';

// The invoice edit's limits (DECISIONS §6) and the cashier's sale taken at once (seed 001 §3
// cashier variant: the payment names the register), as the web's edit dialog and cashier
// sales screen use them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shopWorld = () => salesWorld(t);

const available = (articleId: number, depotId: number) => availableStock(t.db, articleId, depotId);

const sale = saleBody;

describe('invoice edit and cashier sales', () => {
  it('edits while unpaid or undelivered, never below what was paid, and refuses once paid and delivered', async () => {
    const w = await shopWorld();
    const a = await createArticle(t.db, w.depot, { prix: 1000, quantite: 10 });
    const inv = (await w.seller({ method: 'POST', url: '/api/factures_generate', payload: sale(w, [{ articles: a.id, nombre: 5 }]) })).json();
    const url = `/api/factures/update/${inv.idFacture}`;

    // Unpaid: the quantity goes down, the stock comes back by the difference.
    const down = await w.seller({ method: 'PUT', url, payload: sale(w, [{ articles: a.id, nombre: 3 }]) });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ codeFac: inv.codeFac, montantFacture: 3000, reste: 3000 });
    expect(await available(a.id, w.depot.id)).toBe(7);

    // 2 000 paid: an edit down to 1 000 would be below it.
    const paid = await w.seller({ method: 'POST', url: '/api/paiements/livre', payload: { facture: inv.idFacture, montantPaye: 2000, total: 3000, reste: 3000 } });
    expect(paid.statusCode, paid.body).toBe(201);
    const below = await w.seller({ method: 'PUT', url, payload: sale(w, [{ articles: a.id, nombre: 1 }]), headers: { 'accept-language': 'en' } });
    expect(below.statusCode).toBe(422);
    expect(below.json().code).toBe('INVOICE_BELOW_PAID');
    // Amounts written as money (they read « (1000) … (2000) »).
    expect(below.json().message).toBe('The new total (1\u202f000\u00a0FCFA) would be below what has already been paid (2\u202f000\u00a0FCFA).');
    expect(await available(a.id, w.depot.id)).toBe(7);

    // An edit up to 4 000: the payment's remainder after it follows the new total (it kept 1 000).
    const up = await w.seller({ method: 'PUT', url, payload: sale(w, [{ articles: a.id, nombre: 4 }]) });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ montantFacture: 4000, montantPaye: 2000, reste: 2000 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.invoiceId, inv.idFacture));
    expect(payment).toMatchObject({ appliedFcfa: 2000, remainingAfterFcfa: 2000 });
    const listed = (await w.seller({ method: 'GET', url: `/api/paiements_boutique/${w.shop.id}` })).json();
    expect(listed.find((p: { idPayement: number }) => p.idPayement === payment!.id)).toMatchObject({ montantPaye: 2000, reste: 2000 });
    // Back to 3 000 for what follows.
    expect((await w.seller({ method: 'PUT', url, payload: sale(w, [{ articles: a.id, nombre: 3 }]) })).statusCode).toBe(200);
    expect(await available(a.id, w.depot.id)).toBe(7);

    // A proforma never comes out of an edit.
    const toProforma = await w.seller({ method: 'PUT', url, payload: sale(w, [{ articles: a.id, nombre: 3 }], { typeFactures: 3 }) });
    expect(toProforma.json().code).toBe('PROFORMA_TYPE_CHANGE');

    // Paid in full and delivered: locked, stock untouched.
    const driver = (await w.seller({ method: 'POST', url: '/api/chauffeur', payload: { nom: 'Koné', telephone: '0707070707', boutique: w.shop.id } })).json();
    const rest = await w.seller({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: { facture: inv.idFacture, montantPaye: 1000, total: 3000, reste: 1000, livrer: true, chauffeure: driver.id },
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const locked = await w.seller({ method: 'PUT', url, payload: sale(w, [{ articles: a.id, nombre: 4 }]) });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('INVOICE_LOCKED');
    expect(await available(a.id, w.depot.id)).toBe(7);
  });

  it('a cashier sells, takes the payment at once on a register of the shop, and edits only their own sales', async () => {
    const w = await shopWorld();
    const a = await createArticle(t.db, w.depot, { prix: 2500, quantite: 10 });
    const register = await w.director({ method: 'POST', url: '/api/caisses', payload: { libelle: 'Caisse 2', boutique: w.shop.id } });
    expect(register.statusCode, register.body).toBe(201);
    const idCaisse = register.json().idCaisse as number;

    const made = await w.cashier({ method: 'POST', url: '/api/factures_generate', payload: sale(w, [{ articles: a.id, nombre: 2 }]) });
    expect(made.statusCode, made.body).toBe(201);
    const inv = made.json();
    expect(await available(a.id, w.depot.id)).toBe(8);

    const payment = await w.cashier({
      method: 'POST',
      url: '/api/paiements/livre',
      payload: { caisse: idCaisse, facture: inv.idFacture, montantPaye: 5000, montant: 10_000, total: 5000, reste: 5000, livrer: false, chauffeure: 0 },
    });
    expect(payment.statusCode, payment.body).toBe(201);
    expect(payment.json()).toMatchObject({ caisse: { idCaisse, libelle: 'Caisse 2' }, montantPaye: 5000, reliquat: 5000, reste: 0, solde: true });

    const own = (await w.cashier({ method: 'GET', url: `/api/factures/boutique/user/page/${w.shop.id}/1` })).json();
    expect(own.data.map((f: { idFacture: number }) => f.idFacture)).toEqual([inv.idFacture]);

    // A seller's invoice is the cash desk's to cash, not the cashier's to edit.
    const sellers = (await w.seller({ method: 'POST', url: '/api/factures_generate', payload: sale(w, [{ articles: a.id, nombre: 1 }]) })).json();
    const edit = await w.cashier({ method: 'PUT', url: `/api/factures/update/${sellers.idFacture}`, payload: sale(w, [{ articles: a.id, nombre: 2 }]) });
    expect(edit.statusCode).toBe(404);
    expect(await available(a.id, w.depot.id)).toBe(7);
  });
});
