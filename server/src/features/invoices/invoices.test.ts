import { execFileSync } from 'node:child_process';
import { ROLE } from '@app/common/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoiceLines, invoices, stockMovements, users } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { overlappingWords, pdfWords, wordsPastPage } from '../../test/pdf-words.js';
import { salesWorld } from '../../test/sales-world.js';
import { createTestClient, createTestDriver } from '../../test/cash-factories.js';
import { availableStock, createArticle, saleBody } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shopWorld = () => salesWorld(t);

const available = (articleId: number, depotId: number) => availableStock(t.db, articleId, depotId);

const sale = saleBody;

/** A PDF's text (poppler's pdftotext, as the PDF parts' test). */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });

describe('invoices', () => {
  it('sells at the server prices, takes stock, numbers per shop and year, and keeps the prices of the moment', async () => {
    const w = await shopWorld();
    const a = await createArticle(t.db, w.depot, { prix: 1500, prixAchat: 900, quantite: 10 });
    const b = await createArticle(t.db, w.depot, { prix: 2500, prixAchat: 1000, quantite: 5 });
    const created = await w.seller({
      method: 'POST',
      url: '/api/factures_generate',
      payload: sale(w, [{ articles: a.id, nombre: 3 }, { articles: b.id, nombre: 2 }], { remise: 500, montantFacture: 1 }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const inv = created.json();
    const year = new Date().getUTCFullYear();
    expect(inv).toMatchObject({
      codeFac: `FAC-${year}-000001`,
      numeroFacture: 1,
      sousTotal: 9500,
      remise: 500,
      montantFacture: 9000,
      montantPaye: 0,
      reste: 9000,
      solde: false,
      livre: false,
      client: null,
      file: `facture-${inv.idFacture}.pdf`,
      typeFacture: { idTypeFacture: 1, libelle: 'Comptant' },
    });
    expect(inv.articles).toEqual([
      // Online, the server's prices: never flagged as changed (only an offline line can be, DECISIONS §13).
      { idArticle: a.id, designation: a.designation, prix: 1500, nombre: 3, montant: 4500, prixModifie: false, prixActuel: null },
      { idArticle: b.id, designation: b.designation, prix: 2500, nombre: 2, montant: 5000, prixModifie: false, prixActuel: null },
    ]);
    expect(await available(a.id, w.depot.id)).toBe(7);
    expect(await available(b.id, w.depot.id)).toBe(3);
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.invoiceId, inv.idFacture));
    expect(moves.map((m) => [m.kind, m.quantity]).sort((x, y) => Number(x[1]) - Number(y[1]))).toEqual([
      ['sale', -3],
      ['sale', -2],
    ]);
    const lines = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, inv.idFacture));
    expect(lines.map((l) => [l.unitPriceFcfa, l.unitCostFcfa]).sort()).toEqual([
      [1500, 900],
      [2500, 1000],
    ]);

    const second = await w.director({ method: 'POST', url: '/api/factures_generate', payload: sale(w, [{ articles: a.id, nombre: 1 }]) });
    expect(second.json().codeFac).toBe(`FAC-${year}-000002`);
    const proforma = await w.seller({ method: 'POST', url: '/api/factures_generate', payload: sale(w, [{ articles: a.id, nombre: 50 }], { typeFactures: 3 }) });
    expect(proforma.statusCode, proforma.body).toBe(201);
    expect(proforma.json().codeFac).toBe(`PRO-${year}-000001`);
    expect(await available(a.id, w.depot.id)).toBe(6);

    // English names and the seller shown.
    const en = await w.director({ method: 'GET', url: `/api/factures/boutique/page/${w.shop.id}/1`, headers: { 'accept-language': 'en' } });
    expect(en.json().total).toBe(3);
    expect(en.json().data.find((i: { idFacture: number }) => i.idFacture === proforma.json().idFacture).typeFacture.libelle).toBe('Proforma');
    expect(en.json().data.find((i: { idFacture: number }) => i.idFacture === inv.idFacture).ligneBoutique.boutiquesPK.user.username).toBeTruthy();
  });

  it('refuses bad sales with clear codes and without writing anything', async () => {
    const w = await shopWorld();
    const a = await createArticle(t.db, w.depot, { prix: 1000, quantite: 2 });
    const other = await createDirector(t.db);
    const foreign = await createArticle(t.db, other.depots[0]!, { quantite: 5 });
    const post = (payload: unknown) => w.seller({ method: 'POST', url: '/api/factures_generate', payload: payload as object });

    const short = await post(sale(w, [{ articles: a.id, nombre: 3 }]));
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', details: [{ available: 2, requested: 3 }] });
    expect(short.json().message).toContain('2');
    expect((await post(sale(w, [{ articles: a.id, nombre: 1 }], { remise: 1001 }))).json().code).toBe('DISCOUNT_TOO_HIGH');
    expect((await post(sale(w, []))).statusCode).toBe(400);
    expect((await post(sale(w, [{ articles: a.id, nombre: 1 }, { articles: a.id, nombre: 1 }]))).statusCode).toBe(400);
    expect((await post(sale(w, [{ articles: a.id, nombre: 0 }]))).statusCode).toBe(400);
    expect((await post(sale(w, [{ articles: a.id, nombre: 1.5 }]))).statusCode).toBe(400);
    expect((await post(sale(w, [{ articles: a.id, nombre: 1 }], { remise: 123456789 }))).statusCode).toBe(400);
    expect((await post(sale(w, [{ articles: foreign.id, nombre: 1 }]))).statusCode).toBe(404);
    expect((await post(sale(w, [{ articles: a.id, nombre: 1 }], { depot: other.depots[0]!.id }))).statusCode).toBe(404);
    expect((await post(sale(w, [{ articles: a.id, nombre: 1 }], { typeFactures: 999999 }))).statusCode).toBe(404);
    expect((await post(sale(w, [{ articles: a.id, nombre: 1 }], { boutiques: other.shops[0]!.id }))).statusCode).toBe(403);
    expect(await available(a.id, w.depot.id)).toBe(2);
    expect(await t.db.select().from(invoices).where(eq(invoices.shopId, w.shop.id))).toEqual([]);

    const manager = await createUser(t.db, { roles: [ROLE.manager], shopIds: [w.shop.id], accountId: w.directorId });
    const asManager = as(t.app, await signIn(t.app, manager));
    expect((await asManager({ method: 'POST', url: '/api/factures_generate', payload: sale(w, [{ articles: a.id, nombre: 1 }]) })).statusCode).toBe(403);
  });

  it('a Crédit invoice names its client, at creation and after an edit; a delivered one is never edited into a Comptant one left to pay', async () => {
    const w = await shopWorld();
    const a = await createArticle(t.db, w.depot, { prix: 2_500, quantite: 10 });
    const client = await createTestClient(t.db, w.shop.id);
    const driver = await createTestDriver(t.db, w.shop.id);
    const post = (payload: object) => w.director({ method: 'POST', url: '/api/factures_generate', payload });

    // Created on account for nobody: refused, nothing written (the till and the conversion refuse it too).
    const nobody = await post(sale(w, [{ articles: a.id, nombre: 2 }], { typeFactures: 2 }));
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json()).toMatchObject({ code: 'SALE_CLIENT_REQUIRED', details: [{ field: 'body.client' }] });
    expect(await t.db.select().from(invoices).where(eq(invoices.shopId, w.shop.id))).toEqual([]);
    expect(await available(a.id, w.depot.id)).toBe(10);

    const credit = await post(sale(w, [{ articles: a.id, nombre: 2 }], { typeFactures: 2, client: client.id }));
    expect(credit.statusCode, credit.body).toBe(201);
    const id = credit.json().idFacture as number;
    const edit = (extra: Record<string, unknown>) =>
      w.director({ method: 'PUT', url: `/api/factures/update/${id}`, payload: { ...sale(w, [{ articles: a.id, nombre: 2 }], { typeFactures: 2, client: client.id, ...extra }), id } });
    const cleared = await edit({ client: 0 });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json()).toMatchObject({ code: 'SALE_CLIENT_REQUIRED' });

    // Delivered on account, unpaid: an edit into a Comptant sale with 5 000 to pay is refused as its delivery would have been.
    const delivered = await w.director({ method: 'POST', url: '/api/livraisons_liv', payload: { facture: id, chauffeure: driver.id } });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const toCash = await edit({ typeFactures: 1 });
    expect(toCash.statusCode).toBe(409);
    expect(toCash.json()).toMatchObject({ code: 'DELIVERY_NEEDS_PAYMENT' });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ typeId: 2, clientId: client.id, delivered: true, remainingFcfa: 5_000 });
    // Still on account, it may change.
    expect((await edit({ remise: 500 })).statusCode).toBe(200);
  });

  it('shows directors every invoice with the seller and others their own; another seller gets 404', async () => {
    const w = await shopWorld();
    const a = await createArticle(t.db, w.depot, { quantite: 20 });
    const mine = (await w.seller({ method: 'POST', url: '/api/factures_generate', payload: sale(w, [{ articles: a.id, nombre: 1 }]) })).json();
    await w.seller2({ method: 'POST', url: '/api/factures_generate', payload: sale(w, [{ articles: a.id, nombre: 2 }]) });
    const own = (await w.seller({ method: 'GET', url: `/api/factures/boutique/page/${w.shop.id}/1` })).json();
    expect(own.data.map((i: { idFacture: number }) => i.idFacture)).toEqual([mine.idFacture]);
    expect((await w.seller({ method: 'GET', url: `/api/factures/boutique/user/page/${w.shop.id}/1` })).json().total).toBe(1);
    expect((await w.director({ method: 'GET', url: `/api/factures/boutique/page/${w.shop.id}/1` })).json().total).toBe(2);
    expect((await w.director({ method: 'GET', url: `/api/facture/boutique/search/page/${w.shop.id}/1/${mine.codeFac}` })).json().total).toBe(1);
    expect((await w.seller2({ method: 'GET', url: `/api/factures/commande/detail/${mine.idFacture}` })).statusCode).toBe(404);
    expect((await w.seller2({ method: 'GET', url: `/api/downloadFile/${mine.file}` })).statusCode).toBe(404);
    expect((await w.seller2({ method: 'PUT', url: `/api/factures/update/${mine.idFacture}`, payload: sale(w, [{ articles: a.id, nombre: 1 }]) })).statusCode).toBe(404);
    expect((await w.seller({ method: 'DELETE', url: `/api/factures/${mine.idFacture}` })).statusCode).toBe(403);
    const other = await createDirector(t.db);
    const outsider = as(t.app, await signIn(t.app, other.director));
    expect((await outsider({ method: 'GET', url: `/api/factures/commande/detail/${mine.idFacture}` })).statusCode).toBe(404);
    expect((await outsider({ method: 'DELETE', url: `/api/factures/${mine.idFacture}` })).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: `/api/downloadFile/${mine.file}` })).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: `/api/factures/boutique/page/${w.shop.id}/1` })).statusCode).toBe(403);
  });

  it('edits by the difference, deletes with stock back, number kept and an audit record', async () => {
    const w = await shopWorld();
    const a = await createArticle(t.db, w.depot, { prix: 1000, quantite: 10 });
    const b = await createArticle(t.db, w.depot, { prix: 300, quantite: 10 });
    const inv = (await w.seller({ method: 'POST', url: '/api/factures_generate', payload: sale(w, [{ articles: a.id, nombre: 4 }]) })).json();
    const edited = await w.seller({
      method: 'PUT',
      url: `/api/factures/update/${inv.idFacture}`,
      payload: sale(w, [{ articles: a.id, nombre: 2 }, { articles: b.id, nombre: 3 }], { remise: 100 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ codeFac: inv.codeFac, sousTotal: 2900, montantFacture: 2800, reste: 2800 });
    expect(await available(a.id, w.depot.id)).toBe(8);
    expect(await available(b.id, w.depot.id)).toBe(7);
    const tooMuch = await w.seller({ method: 'PUT', url: `/api/factures/update/${inv.idFacture}`, payload: sale(w, [{ articles: b.id, nombre: 11 }]) });
    // 7 more are available in the depot beyond the 3 the invoice already holds.
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', details: [{ available: 7, requested: 8 }] });
    expect(await available(b.id, w.depot.id)).toBe(7);

    expect((await w.director({ method: 'DELETE', url: `/api/factures/${inv.idFacture}` })).statusCode).toBe(200);
    expect(await available(a.id, w.depot.id)).toBe(10);
    expect(await available(b.id, w.depot.id)).toBe(10);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, inv.idFacture));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.code).toBe(inv.codeFac);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, inv.idFacture)));
    expect(audit.map((r) => r.action).sort()).toEqual(['invoice.delete', 'invoice.update']);
    expect((await w.director({ method: 'GET', url: `/api/factures/boutique/page/${w.shop.id}/1` })).json().total).toBe(0);
    // The next invoice does not reuse the number.
    const next = (await w.seller({ method: 'POST', url: '/api/factures_generate', payload: sale(w, [{ articles: a.id, nombre: 1 }]) })).json();
    expect(next.numeroFacture).toBe(2);
    // The deleted invoice's document still opens for the director, marked deleted.
    expect((await w.director({ method: 'GET', url: `/api/downloadFile/${inv.file}` })).statusCode).toBe(200);
    expect((await w.director({ method: 'DELETE', url: `/api/factures/${inv.idFacture}` })).statusCode).toBe(404);
  });

  it('turns a proforma into an invoice once: it quotes beyond the stock, which is checked then; a Crédit names its client', async () => {
    const w = await shopWorld();
    const a = await createArticle(t.db, w.depot, { designation: 'Riz parfumé 25 kg', prix: 2000, quantite: 5 });
    const b = await createArticle(t.db, w.depot, { designation: 'Huile 5 L', prix: 1000, quantite: 1 });
    // A quote may ask for more than the depot holds, and takes nothing from it.
    const quoted = await w.seller({
      method: 'POST',
      url: '/api/factures_generate',
      payload: sale(w, [{ articles: a.id, nombre: 7 }, { articles: b.id, nombre: 3 }], { typeFactures: 3 }),
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const pro = quoted.json();
    expect(pro).toMatchObject({ montantFacture: 17_000, reste: 0, convertedToCode: null });
    expect(await available(a.id, w.depot.id)).toBe(5);
    const convert = (payload: Record<string, unknown>, lang = 'fr') =>
      w.seller({ method: 'POST', url: `/api/factures/convert/${pro.idFacture}`, payload, headers: { 'accept-language': lang } });
    expect((await convert({ typeFactures: 3 })).json().code).toBe('PROFORMA_TYPE_CHANGE');
    // Converting needs the stock: every short article is named, and nothing is written.
    const short = await convert({ typeFactures: 1 });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'PROFORMA_STOCK_SHORT',
      message: 'Stock insuffisant pour transformer cette proforma en facture (disponible / demandé)\u00a0: Riz parfumé 25 kg (5 / 7), Huile 5 L (1 / 3). Réceptionnez ces articles ou modifiez la proforma.',
      details: [
        { articleId: a.id, available: 5, requested: 7 },
        { articleId: b.id, available: 1, requested: 3 },
      ],
    });
    expect((await convert({ typeFactures: 1 }, 'en')).json().message).toContain('Not enough stock to turn this proforma into an invoice');
    expect(await available(a.id, w.depot.id)).toBe(5);
    expect((await t.db.select().from(invoices).where(eq(invoices.shopId, w.shop.id))).length).toBe(1);
    // Stock arrives (a manual addition); a Crédit sale without a client is refused.
    for (const [id, quantite] of [[a.id, 2], [b.id, 2]] as const) {
      const added = await w.director({ method: 'PUT', url: '/api/ajouter', payload: { boutique: w.shop.id, article: id, depot: w.depot.id, quantite } });
      expect(added.statusCode, added.body).toBe(200);
    }
    const noClient = await convert({ typeFactures: 2 });
    expect(noClient.statusCode).toBe(422);
    expect(noClient.json().code).toBe('SALE_CLIENT_REQUIRED');
    const client = (
      await w.seller({ method: 'POST', url: '/api/clients', payload: { nom: 'Diallo', prenom: 'Awa', telephone: '0102030405', adresse: 'Dakar', boutique: w.shop.id } })
    ).json();
    const converted = await convert({ typeFactures: 2, client: client.idClient });
    expect(converted.statusCode, converted.body).toBe(201);
    expect(converted.json()).toMatchObject({
      codeFac: expect.stringMatching(/^FAC-/),
      montantFacture: 17_000,
      reste: 17_000,
      convertedFromId: pro.idFacture,
      convertedFromCode: pro.codeFac,
      client: { idClient: client.idClient },
      typeFacture: { idTypeFacture: 2 },
    });
    expect(await available(a.id, w.depot.id)).toBe(0);
    expect(await available(b.id, w.depot.id)).toBe(0);
    // The proforma now says what it became, and that nothing is left to pay on it.
    const after = (await w.seller({ method: 'GET', url: `/api/factures/commande/detail/${pro.idFacture}` })).json();
    expect(after).toMatchObject({ convertedToId: converted.json().idFacture, convertedToCode: converted.json().codeFac, reste: 0 });
    const again = await convert({ typeFactures: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PROFORMA_CONVERTED');
    // The trail names both numbers, the type and the total.
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'invoice.convert'), eq(auditLog.entityId, pro.idFacture)));
    expect(audit).toMatchObject({
      before: { code: pro.codeFac, type: 'Proforma', totalFcfa: 17_000 },
      after: { code: converted.json().codeFac, type: 'Crédit', totalFcfa: 17_000 },
    });
  });

  it('answers the PDF itself with Accept: application/pdf, and the A4 and ticket documents', async () => {
    const w = await shopWorld();
    const a = await createArticle(t.db, w.depot, { designation: 'Pagne wax été', quantite: 5 });
    // The seller is printed by name, not by their sign-in username.
    await t.db.update(users).set({ prenom: 'Aïcha', nom: 'Koné' }).where(eq(users.id, w.sellerId));
    const pdf = await w.seller({
      method: 'POST',
      url: '/api/factures_generate',
      headers: { accept: 'application/pdf' },
      payload: sale(w, [{ articles: a.id, nombre: 1 }]),
    });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const list = (await w.seller({ method: 'GET', url: `/api/factures_boutique/${w.shop.id}` })).json();
    for (const format of ['a4', 'ticket']) {
      const doc = await w.seller({ method: 'GET', url: `/api/downloadFile/${list[0].file}?format=${format}` });
      expect(doc.statusCode).toBe(200);
      expect(doc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The shop's header, the invoice, its seller and its line, drawn from the one read of the document.
      const text = pdfText(doc.rawPayload);
      const expected = [w.shop.nom, `Facture ${list[0].codeFac}`, 'Aïcha Koné', 'Pagne wax été', 'Reste à payer'];
      for (const words of format === 'ticket' ? [...expected, 'Merci de votre achat'] : expected) expect(text, `${format}: ${words}`).toContain(words);
      expect(text).not.toContain(list[0].user.username);
    }
  });

  it("a proforma's long designations and 13-digit amounts print whole on its ticket and A4, none over the next line", async () => {
    const w = await shopWorld();
    const truck = await createArticle(t.db, w.depot, {
      designation: 'Camion benne Mercedes-Benz Actros 3341 K 6x4 avec benne basculante de 16 m3',
      prix: 999_999_999_999,
      quantite: 0,
    });
    const quote = await w.seller({
      method: 'POST',
      url: '/api/factures_generate',
      payload: sale(w, [{ articles: truck.id, nombre: 1 }], { typeFactures: 3 }),
    });
    expect(quote.statusCode, quote.body).toBe(201);
    for (const format of ['ticket', 'a4'] as const) {
      const doc = await w.seller({ method: 'GET', url: `/api/downloadFile/${quote.json().file}?format=${format}` });
      expect(doc.statusCode).toBe(200);
      expect(overlappingWords(doc.rawPayload), format).toEqual([]);
      const words = pdfWords(doc.rawPayload).map((x) => x.word);
      for (const word of ['Camion', 'basculante', '16', 'm3', '999']) expect(words, `${format}: ${word}`).toContain(word);
      expect(wordsPastPage(doc.rawPayload), format).toEqual([]);
      // On the ticket the quantity and price do not fit beside the 13-digit amount: they get their own line, whole.
      if (format === 'ticket') expect(pdfText(doc.rawPayload)).toMatch(/1 x 999\s999\s999\s999\sFCFA/);
    }
    // A total past what money can hold is refused with a message that says so (it said « This operation cannot be done »).
    const tooMuch = await w.seller({
      method: 'POST',
      url: '/api/factures_generate',
      payload: sale(w, [{ articles: truck.id, nombre: 10_000 }], { typeFactures: 3 }),
      headers: { 'accept-language': 'en' },
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'NUMBER_TOO_LARGE', message: expect.stringContaining('too large') });
  });
});
