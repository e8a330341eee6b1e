import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { todayIn } from '@app/common/dates';
import { ROLE, type RoleId } from '@app/common/roles';
import { and, eq, inArray, sql } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, clients, issuedDocuments, shops } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { availableStock, createArticle } from '../../test/trading-factories.js';
import { createTestClient } from '../../test/cash-factories.js';
import { controlShops } from './issued-documents.service.js';
import { sha256Hex as hashOf } from './document-content.service.js';
import { multipartPayload } from '../../test/uploads.js';
import { overlappingWords, wordsPastPage } from '../../test/pdf-words.js';
import sharp from 'sharp';

// jsqr is CommonJS: its default export, however the loader hands it over.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://boutiko.example.test' });
});
afterAll(() => t.close());

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });

/** A Senegalese shop subject to VAT (18 %): an article at the standard rate (5 900), one exempt (1 000), one at 10 % (1 100). */
async function shopWorld() {
  const w = await createDirector(t.db, { planId: 4, counts: { shops: 2, depots: 2, users: 10 } });
  const shop = w.shops[0]!;
  const depot = w.depots[0]!;
  const director = as(t.app, await signIn(t.app, w.director));
  const identity = await director({
    method: 'PUT',
    url: `/api/boutiques/${shop.id}/identite`,
    payload: { raisonSociale: 'Awa Commerce SARL', formeJuridique: 'SARL', rccm: 'SN-DKR-2024-B-12345', idFiscal: '0012345 2G3', pays: 'SN', assujettiTva: true, tauxTva: [18, 10], piedDePage: 'Merci de votre confiance' },
  });
  expect(identity.statusCode, identity.body).toBe(200);
  const std = await createArticle(t.db, depot, { designation: 'Riz parfumé', prix: 5900, quantite: 50 });
  const exempt = await createArticle(t.db, depot, { designation: 'Pain', prix: 1000, quantite: 50 });
  const reduced = await createArticle(t.db, depot, { designation: 'Eau minérale', prix: 1100, quantite: 50 });
  await t.db.update(articles).set({ vatDefault: false, vatRateBp: null }).where(eq(articles.id, exempt.id));
  await t.db.update(articles).set({ vatDefault: false, vatRateBp: 1000 }).where(eq(articles.id, reduced.id));
  const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id], accountId: w.director.id });
  return { ...w, accountId: w.director.id, shop, depot, director, seller: as(t.app, await signIn(t.app, seller)), std, exempt, reduced };
}
type World = Awaited<ReturnType<typeof shopWorld>>;

function sale(w: World, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    vendueLe: new Date().toISOString(),
    boutique: w.shop.id,
    depot: w.depot.id,
    lignes: [
      { article: w.std.id, quantite: 2 },
      { article: w.exempt.id, quantite: 1 },
      { article: w.reduced.id, quantite: 1 },
    ],
    paiements: [{ methode: 'cash', montant: 15_000 }],
    ...extra,
  };
}

const invoiceBody = (w: World, lines: { articles: number; nombre: number }[], extra: Record<string, unknown> = {}) => ({
  client: 0,
  boutiques: w.shop.id,
  articles: lines,
  depot: w.depot.id,
  remise: 0,
  typeFactures: 1,
  imprimante: false,
  ...extra,
});

describe('issued invoices (issue 21)', () => {
  it('a sale answers its VAT per rate, amount in words, verification and status', async () => {
    const w = await shopWorld();
    const res = await w.director({ method: 'POST', url: '/api/ventes', payload: sale(w, { remise: 300 }) });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    // Lines: 11 800 at 18 %, 1 100 at 10 %, 1 000 exempt = 13 900. Discount 300: floors 254 / 23 / 21 (remainders
    // .676 / .741 / .583), the 2 FCFA left to 10 % then 18 %: shares 255 / 24 / 21.
    // 18 %: net 11 545 -> base 11 545 / 1.18 = 9 783.9 -> 9 784, VAT 1 761. 10 %: net 1 076 -> 978.18 -> 978, VAT 98. Exempt: 979.
    expect(body).toMatchObject({
      montantFacture: 13_600,
      totalTtc: 13_600,
      totalHt: 9_784 + 978 + 979,
      assujettiTva: true,
      tva: [
        { taux: 18, base: 9_784, montant: 1_761 },
        { taux: 10, base: 978, montant: 98 },
        { taux: null, base: 979, montant: 0 },
      ],
      montantEnLettres: 'Arrêtée la présente facture à la somme de treize mille six cents francs CFA',
      statut: 'emise',
      avoirs: [],
    });
    expect(body.verification.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.verification.url).toBe(`https://boutiko.example.test/fr/verifier/${body.verification.code}`);
    // Read back: the same fields.
    const read = await w.director({ method: 'GET', url: `/api/factures/commande/detail/${body.idFacture}` });
    expect(read.json()).toMatchObject({ totalTtc: 13_600, statut: 'emise', verification: body.verification });
  });

  it("prices without VAT: the sale's total adds the VAT (hand-computed)", async () => {
    const w = await shopWorld();
    const put = await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'SN', assujettiTva: true, prixTtc: false, tauxTva: [18, 10] } });
    expect(put.json().prixTtc).toBe(false);
    // 5 900 at 18 % -> VAT 1 062; 1 000 exempt. Total with VAT 7 962.
    const res = await w.director({
      method: 'POST',
      url: '/api/ventes',
      payload: sale(w, { lignes: [{ article: w.std.id, quantite: 1 }, { article: w.exempt.id, quantite: 1 }], paiements: [{ methode: 'cash', montant: 8_000 }] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      montantFacture: 7_962,
      reliquat: 38,
      totalHt: 6_900,
      tva: [
        { taux: 18, base: 5_900, montant: 1_062 },
        { taux: null, base: 1_000, montant: 0 },
      ],
      totalTtc: 7_962,
      montantEnLettres: 'Arrêtée la présente facture à la somme de sept mille neuf cent soixante-deux francs CFA',
    });
    // An edit prices the invoice the same way: 2 x 5 900 at 18 % -> VAT 2 124; total 13 924, as its new document says.
    const made = await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().montantFacture).toBe(6_962);
    const edited = await w.director({
      method: 'PUT',
      url: `/api/factures/update/${made.json().idFacture}`,
      payload: invoiceBody(w, [{ articles: w.std.id, nombre: 2 }]),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ montantFacture: 13_924, reste: 13_924, totalHt: 11_800, totalTtc: 13_924 });
  });

  it('prices without VAT: an offline sale is priced by the same rule as online, as the till charged it (hand-computed)', async () => {
    const w = await shopWorld();
    const put = await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'SN', assujettiTva: true, prixTtc: false, tauxTva: [18, 10] } });
    expect(put.statusCode, put.body).toBe(200);
    // The till kept the shelf prices without VAT (5 900 at 18 %, 1 000 exempt) and the shop's setting:
    // discount 100 spread 86 / 14 (100 x 5 900 / 6 900 = 85.5 -> 85, 14.49 -> 14, the 1 left to .507
    // at 18 %); nets 5 814 and 986; VAT 18 % of 5 814 = 1 046.5 -> 1 047. It charged 7 847.
    const res = await w.director({
      method: 'POST',
      url: '/api/ventes',
      payload: sale(w, {
        horsLigne: true,
        refTicket: 'T7K2-901',
        remise: 100,
        lignes: [
          { article: w.std.id, quantite: 1, prix: 5900 },
          { article: w.exempt.id, quantite: 1, prix: 1000 },
        ],
        paiements: [{ methode: 'cash', montant: 7_847 }],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      montantFacture: 7_847,
      reliquat: 0,
      totalTtc: 7_847,
      totalHt: 5_814 + 986,
      tva: [
        { taux: 18, base: 5_814, montant: 1_047 },
        { taux: null, base: 986, montant: 0 },
      ],
      montantEnLettres: 'Arrêtée la présente facture à la somme de sept mille huit cent quarante-sept francs CFA',
    });
    // Its totals say what each amount is: the lines' sum and the discount without VAT (the shelf
    // prices are), the exempt base on its label with no VAT in the amounts column, so that the
    // column adds up: 6 800 + 1 047 + 0 = 7 847.
    const text = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${res.json().idFacture}.pdf` })).rawPayload);
    expect(text).toMatch(/Sous-total HT\s+6\s900\sFCFA/);
    expect(text).toMatch(/Remise HT\s+100\sFCFA/);
    expect(text).toMatch(/Total HT\s+6\s800\sFCFA/);
    expect(text).toMatch(/TVA 18\s%\ssur 5\s814\sFCFA\s+1\s047\sFCFA/);
    expect(text).toMatch(/Exonéré de TVA sur 986\sFCFA\s+0\sFCFA/);
    expect(text).toMatch(/Total TTC\s+7\s847\sFCFA/);
    // The ticket's lines have no header: it says their prices exclude VAT.
    const ticket = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${res.json().idFacture}.pdf?format=ticket` })).rawPayload);
    expect(ticket).toContain('Prix hors taxes (HT)');
    expect(ticket).not.toContain('toutes taxes comprises');
  });

  it('reprints the same content after the shop, the client and an article changed', async () => {
    const w = await shopWorld();
    const identity = { raisonSociale: 'Awa Commerce SARL', formeJuridique: 'SARL', rccm: 'SN-DKR-2024-B-12345', idFiscal: '0012345 2G3', pays: 'SN', assujettiTva: true, tauxTva: [18, 10] };
    const put = await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { ...identity, capitalSocial: 1_000_000, siegeSocial: 'Immeuble Fayçal, Dakar' } });
    expect(put.statusCode, put.body).toBe(200);
    const client = await createTestClient(t.db, w.shop.id);
    await t.db.update(clients).set({ taxId: 'NINEA 778899', adresse: 'Rue 12, Médina, Dakar' }).where(eq(clients.id, client.id));
    const created = await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }], { client: client.id }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().idFacture as number;
    const [before] = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, id));
    const pdfBefore = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${id}.pdf` })).rawPayload);
    expect(pdfBefore).toContain('Riz parfumé');
    expect(pdfBefore).toContain('Awa Commerce SARL au capital de 1 000 000 FCFA');
    expect(pdfBefore).toContain('Siège social : Immeuble Fayçal, Dakar');
    expect(pdfBefore).toContain('RCCM : SN-DKR-2024-B-12345');
    expect(pdfBefore).toContain('NINEA : 0012345 2G3');
    expect(pdfBefore).toContain('NINEA du client : NINEA 778899');
    expect(pdfBefore).toContain('Adresse du client : Rue 12, Médina, Dakar');
    expect(pdfBefore).toContain('Arrêtée la présente facture à la somme de cinq mille neuf cents francs CFA');

    await t.db.update(shops).set({ adresse: 'Nouvelle adresse, Thiès', nom: 'Autre nom' }).where(eq(shops.id, w.shop.id));
    await t.db.update(articles).set({ designation: 'Riz renommé', vatDefault: false, vatRateBp: null }).where(eq(articles.id, w.std.id));
    await t.db.update(clients).set({ nom: 'Renommé', taxId: null, adresse: 'Ailleurs' }).where(eq(clients.id, client.id));
    await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { raisonSociale: 'Awa Commerce SARL', pays: 'SN', assujettiTva: false } });

    const [after] = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, id));
    expect(after!.content).toBe(before!.content);
    const pdfAfter = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${id}.pdf` })).rawPayload);
    expect(pdfAfter).toBe(pdfBefore);
    expect(pdfAfter).not.toContain('Riz renommé');
    expect(pdfAfter).not.toContain('Thiès');
    expect(pdfAfter).not.toContain('Ailleurs');
    // Issued while the shop was subject to VAT: its answer says so still.
    expect((await w.director({ method: 'GET', url: `/api/factures/commande/detail/${id}` })).json()).toMatchObject({ assujettiTva: true });
    // A sale issued now, not subject: the answer says so, as its PDF (« TVA non applicable »).
    const now = await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) });
    expect(now.json()).toMatchObject({ assujettiTva: false });
    const nowPdf = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${now.json().idFacture}.pdf` })).rawPayload);
    expect(nowPdf).toContain('TVA non applicable');
    // One total, no « HT » nor « TTC », no VAT column.
    expect(nowPdf).toMatch(/Total\s+5\s900\sFCFA/);
    for (const words of ['Total HT', 'Total TTC', 'TVA\n', 'Taux']) expect(nowPdf).not.toContain(words);
    // A shop without a legal identity leaves VAT out altogether.
    await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'SN', assujettiTva: false } });
    const bare = await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) });
    const barePdf = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${bare.json().idFacture}.pdf` })).rawPayload);
    expect(barePdf).toMatch(/Total\s+5\s900\sFCFA/);
    expect(barePdf).not.toContain('TVA');
    // In English too; the amount in words stays French.
    const en = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${id}.pdf?lang=en` })).rawPayload);
    expect(en).toContain('Invoice FAC-');
    expect(en).toContain('Total incl. VAT');
    expect(en).toContain('Arrêtée la présente facture');
    // Cancelled now: its credit note is issued by the shop as it is now (name, address), for the
    // invoice's lines and client, taking back the VAT the invoice charged (18 %, though the shop no longer charges it).
    expect((await w.director({ method: 'DELETE', url: `/api/factures/${id}` })).statusCode).toBe(200);
    const [note] = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, id), eq(issuedDocuments.series, 'AV')));
    const notePdf = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/avoir-${note!.id}.pdf` })).rawPayload);
    expect(notePdf).toContain('Autre nom');
    expect(notePdf).toContain('Nouvelle adresse, Thiès');
    expect(notePdf).toContain('Riz parfumé');
    expect(notePdf).toMatch(/TVA 18\s%\ssur\s5\s000\sFCFA/);
    expect(notePdf).toContain('NINEA du client : NINEA 778899');
    expect(notePdf).toContain('Adresse du client : Rue 12, Médina, Dakar');
    // A till sale to a client carries their address too (the sale's own statement builds its document).
    const tillSale = await w.director({ method: 'POST', url: '/api/ventes', payload: sale(w, { client: client.id }) });
    expect(tillSale.statusCode, tillSale.body).toBe(201);
    const ticket = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${tillSale.json().idFacture}.pdf?format=ticket` })).rawPayload);
    expect(ticket.replace(/\s+/g, ' ')).toContain('Adresse du client : Ailleurs');
  });

  it('edit and delete leave the issued version, marked, and credit notes with gapless numbers; the chains verify', async () => {
    const w = await shopWorld();
    const year = new Date().getFullYear();
    const one = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 2 }]) })).json();
    const two = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 3 }]) })).json();
    const code1 = one.verification.code as string;

    const edited = await w.director({ method: 'PUT', url: `/api/factures/update/${one.idFacture}`, payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ montantFacture: 5_900, totalTtc: 5_900, statut: 'corrigee' });
    expect(edited.json().avoirs).toEqual([expect.objectContaining({ numero: `AV-${year}-000001`, montant: 11_800, motif: 'corrigee' })]);
    expect(edited.json().verification.code).not.toBe(code1);
    // Its reprint is the new version, valid as its verification page says: not marked corrected.
    const reprint = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${one.idFacture}.pdf` })).rawPayload);
    expect(reprint).toContain('5 900');
    expect(reprint).not.toContain('FACTURE CORRIGÉE');
    // It says which version it replaces and which credit note took that one back.
    expect(reprint.replace(/\s+/g, ' ')).toMatch(new RegExp(`Facture rectificative : remplace la version du ${year}-\\d{2}-\\d{2} à [\\d:]+, reprise par l'avoir AV-${year}-000001`));
    expect((await t.app.inject({ method: 'GET', url: `/api/verifier/${edited.json().verification.code}` })).json()).toMatchObject({ statut: 'emise' });

    // Part paid, then deleted: its payment is voided.
    const part = await w.director({ method: 'POST', url: '/api/paiements/livre', payload: { facture: two.idFacture, montantPaye: 1000, total: 3000, reste: 3000 } });
    expect(part.statusCode, part.body).toBe(201);
    expect((await w.director({ method: 'DELETE', url: `/api/factures/${two.idFacture}` })).statusCode).toBe(200);
    // A deleted invoice's reprint says it is cancelled, by which credit note, and that nobody owes anything
    // (it printed « Payé 1 000 », « Reste à payer 2 000 »), on the A4 and the ticket.
    for (const format of ['a4', 'ticket']) {
      const cancelled = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${two.idFacture}.pdf?format=${format}` })).rawPayload).replace(/\s+/g, ' ');
      expect(cancelled, format).toContain(`FACTURE ANNULÉE par l'avoir AV-${year}-000002 du`);
      expect(cancelled, format).not.toContain('Reste à payer');
      expect(cancelled, format).not.toContain('Payé');
      expect(cancelled, format).not.toContain('Paiements');
    }
    const page = (await w.director({ method: 'GET', url: `/api/avoirs/boutique/${w.shop.id}/1` })).json();
    expect(page.total).toBe(2);
    expect(page.data.map((a: { numero: string }) => a.numero)).toEqual([`AV-${year}-000002`, `AV-${year}-000001`]);
    const note = page.data[0];
    expect(note).toMatchObject({ motif: 'annulee', totalTtc: 3_000, facture: { idFacture: two.idFacture, codeFac: two.codeFac }, montantEnLettres: 'Arrêté le présent avoir à la somme de trois mille francs CFA' });

    // The earlier version stays retrievable and says it was corrected; the cancelled one says cancelled.
    expect((await t.app.inject({ method: 'GET', url: `/api/verifier/${code1}` })).json()).toMatchObject({ numero: one.codeFac, total: 11_800, statut: 'corrigee' });
    expect((await t.app.inject({ method: 'GET', url: `/api/verifier/${two.verification.code}` })).json()).toMatchObject({ statut: 'annulee' });

    const one2 = await w.director({ method: 'GET', url: `/api/avoirs/${note.idAvoir}` });
    expect(one2.json()).toEqual(note);
    const notePdf = await w.director({ method: 'GET', url: `/api/avoirs/${note.idAvoir}`, headers: { accept: 'application/pdf' } });
    expect(notePdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(notePdf.rawPayload)).toContain(`Avoir AV-${year}-000002`);
    expect(pdfText(notePdf.rawPayload)).toContain(`Avoir sur la facture ${two.codeFac}`);

    const control = await w.director({ method: 'GET', url: `/api/documents/controle/${w.shop.id}` });
    expect(control.json()).toEqual({ ok: true, documents: 5, premierDefaut: null });
    // A seller cannot check the chains.
    expect((await w.seller({ method: 'GET', url: `/api/documents/controle/${w.shop.id}` })).statusCode).toBe(403);
  });

  it("an invoice corrected twice then deleted: its status and its newest document's agree at every step", async () => {
    const w = await shopWorld();
    const year = new Date().getFullYear();
    const made = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 1 }]) })).json();
    const id = made.idFacture as number;
    const verify = async (code: string) => (await t.app.inject({ method: 'GET', url: `/api/verifier/${code}` })).json().statut;
    const versions = async () =>
      t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, id), eq(issuedDocuments.series, 'FAC'))).orderBy(issuedDocuments.seq);
    /** The invoice's answer and its newest FAC document say the same: its code, and emise/annulee alike; older versions corrigee. */
    const agree = async (answer: { statut: string; verification: { code: string } }, notes: number) => {
      const docs = await versions();
      const newest = docs[docs.length - 1]!;
      expect(answer.verification.code).toBe(newest.code);
      expect(newest.status).toBe(answer.statut === 'annulee' ? 'annulee' : 'emise');
      expect(answer.statut).toBe(notes === 0 ? 'emise' : newest.status === 'annulee' ? 'annulee' : 'corrigee');
      expect(await verify(newest.code)).toBe(newest.status);
      for (const older of docs.slice(0, -1)) {
        expect(older.status).toBe('corrigee');
        expect(await verify(older.code)).toBe('corrigee');
      }
      return docs;
    };
    expect((await agree(made, 0)).length).toBe(1);
    for (const [n, nombre] of [[1, 2], [2, 3]] as const) {
      const edited = await w.director({ method: 'PUT', url: `/api/factures/update/${id}`, payload: invoiceBody(w, [{ articles: w.exempt.id, nombre }]) });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().avoirs).toHaveLength(n);
      expect((await agree(edited.json(), n)).length).toBe(n + 1);
    }
    // The versions it replaced stay retrievable, each printed as issued, marked corrected by its credit note.
    const answer = (await w.director({ method: 'GET', url: `/api/factures/commande/detail/${id}` })).json();
    const older = await versions();
    expect(answer.versions).toEqual(
      older.slice(0, 2).map((v) => ({ idDocument: v.id, date: v.issuedAt.toISOString(), montant: v.totalFcfa, statut: 'corrigee', file: `document-${v.id}.pdf` })),
    );
    for (const [i, total] of [[0, '1 000'], [1, '2 000']] as const) {
      const file = answer.versions[i].file as string;
      const printed = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/${file}` })).rawPayload).replace(/\s+/g, ' ');
      expect(printed, file).toContain(`FACTURE CORRIGÉE par l'avoir AV-${year}-00000${i + 1}`);
      expect(printed, file).toContain(`Total TTC ${total} FCFA`);
      expect(printed, file).toContain(made.codeFac);
      // Taken back by its credit note, it owes nothing (it read « Reste à payer 1 000 FCFA »).
      expect(printed, file).not.toContain('Reste à payer');
      expect(printed, file).not.toContain('Payé');
    }
    // A credit note's ticket thanks nobody for a purchase.
    const [note] = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, id), eq(issuedDocuments.series, 'AV')));
    const noteTicket = await w.director({ method: 'GET', url: `/api/downloadFile/avoir-${note!.id}.pdf?format=ticket` });
    expect(noteTicket.statusCode).toBe(200);
    expect(pdfText(noteTicket.rawPayload)).not.toContain('Merci de votre achat');
    expect(pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${id}.pdf?format=ticket` })).rawPayload)).toContain('Merci de votre achat');
    // Nobody else's: another shop's director, and a seller who did not make it, get nothing.
    const stranger = await shopWorld();
    expect((await stranger.director({ method: 'GET', url: `/api/downloadFile/${answer.versions[0].file}` })).statusCode).toBe(404);
    expect((await w.seller({ method: 'GET', url: `/api/downloadFile/${answer.versions[0].file}` })).statusCode).toBe(404);
    // A credit note's id is not a version.
    const [aNote] = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, id), eq(issuedDocuments.series, 'AV')));
    expect((await w.director({ method: 'GET', url: `/api/downloadFile/document-${aNote!.id}.pdf` })).statusCode).toBe(404);
    expect((await w.director({ method: 'DELETE', url: `/api/factures/${id}` })).statusCode).toBe(200);
    const docs = await versions();
    expect(docs.map((d) => d.status)).toEqual(['corrigee', 'corrigee', 'annulee']);
    expect(await verify(docs[2]!.code)).toBe('annulee');
    const notes = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, id), eq(issuedDocuments.series, 'AV'))).orderBy(issuedDocuments.seq);
    // One credit note per version taken back, each for that version's total: 1 000, 2 000, then 3 000 at the deletion.
    expect(notes.map((n) => [n.number, n.totalFcfa])).toEqual([
      [`AV-${year}-000001`, 1000],
      [`AV-${year}-000002`, 2000],
      [`AV-${year}-000003`, 3000],
    ]);
    // Deleted: nothing can edit it or delete it again, so neither side can move on its own.
    const again = await w.director({ method: 'PUT', url: `/api/factures/update/${id}`, payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 1 }]) });
    expect(again.statusCode).toBe(404);
    expect((await w.director({ method: 'DELETE', url: `/api/factures/${id}` })).statusCode).toBe(404);
    expect(await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, id))).toHaveLength(6);
    expect((await w.director({ method: 'GET', url: `/api/documents/controle/${w.shop.id}` })).json()).toMatchObject({ ok: true });
  });

  it('an edit that changes nothing issues nothing: no credit note, no new version, no stock moved; the print switch alone is kept', async () => {
    const w = await shopWorld();
    const made = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 2 }, { articles: w.exempt.id, nombre: 1 }]) })).json();
    const id = made.idFacture as number;
    const rows = async () => t.db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, id));
    const stockBefore = await availableStock(t.db, w.std.id, w.depot.id);
    // Saved as it was, its lines in another order, then with the print switch turned on.
    for (const extra of [{}, { imprimante: true }]) {
      const saved = await w.director({
        method: 'PUT',
        url: `/api/factures/update/${id}`,
        payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 1 }, { articles: w.std.id, nombre: 2 }], extra),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ codeFac: made.codeFac, montantFacture: made.montantFacture, statut: 'emise', avoirs: [] });
      expect(saved.json().verification.code).toBe(made.verification.code);
    }
    expect((await rows()).map((d) => [d.series, d.status])).toEqual([['FAC', 'emise']]);
    expect(await availableStock(t.db, w.std.id, w.depot.id)).toBe(stockBefore);
    const read = await w.director({ method: 'GET', url: `/api/factures/commande/detail/${id}` });
    expect(read.json()).toMatchObject({ imprimante: true });
    // A real change still takes the issued version back.
    const changed = await w.director({ method: 'PUT', url: `/api/factures/update/${id}`, payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) });
    expect(changed.json().avoirs).toHaveLength(1);
    expect((await rows()).filter((d) => d.series === 'FAC').map((d) => d.status)).toEqual(['corrigee', 'emise']);
  });

  it("a corrected invoice keeps the VAT rate its lines were sold at; a line it adds takes today's", async () => {
    const w = await shopWorld();
    const made = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) })).json();
    expect(made.tva).toEqual([{ taux: 18, base: 5_000, montant: 900 }]);
    // The rice goes to 10 % and the bread from exempt to 10 % after the sale; the invoice is then corrected.
    await t.db.update(articles).set({ vatDefault: false, vatRateBp: 1000 }).where(inArray(articles.id, [w.std.id, w.exempt.id]));
    const edited = await w.director({
      method: 'PUT',
      url: `/api/factures/update/${made.idFacture}`,
      payload: invoiceBody(w, [{ articles: w.std.id, nombre: 2 }, { articles: w.exempt.id, nombre: 1 }]),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Rice 11 800 still at 18 %: base 10 000, VAT 1 800. Bread 1 000, added now, at 10 %: base 909, VAT 91.
    expect(edited.json()).toMatchObject({
      montantFacture: 12_800,
      tva: [
        { taux: 18, base: 10_000, montant: 1_800 },
        { taux: 10, base: 909, montant: 91 },
      ],
    });
    const pdf = pdfText((await w.director({ method: 'GET', url: `/api/downloadFile/facture-${made.idFacture}.pdf` })).rawPayload);
    expect(pdf).toMatch(/Riz parfumé\s+2\s+5 900 FCFA\s+18 %/);
  });

  it("prices without VAT: a corrected invoice's kept line is charged at its rate of sale", async () => {
    const w = await shopWorld();
    const put = await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'SN', assujettiTva: true, prixTtc: false, tauxTva: [18, 10] } });
    expect(put.statusCode, put.body).toBe(200);
    const made = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) })).json();
    // 5 900 without VAT, 18 %: 1 062 of VAT, 6 962 to pay.
    expect(made.montantFacture).toBe(6_962);
    await t.db.update(articles).set({ vatDefault: false, vatRateBp: 1000 }).where(eq(articles.id, w.std.id));
    const edited = await w.director({ method: 'PUT', url: `/api/factures/update/${made.idFacture}`, payload: invoiceBody(w, [{ articles: w.std.id, nombre: 2 }]) });
    expect(edited.statusCode, edited.body).toBe(200);
    // 11 800 at 18 % still: 2 124 of VAT, 13 924 (at today's 10 % it would be 12 980).
    expect(edited.json()).toMatchObject({ montantFacture: 13_924, tva: [{ taux: 18, base: 11_800, montant: 2_124 }] });
  });

  it('a line sold before the shop was subject to VAT stays without VAT when its invoice is corrected after; a line the edit adds takes the VAT', async () => {
    const w = await shopWorld();
    await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'SN', assujettiTva: false } });
    const made = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) })).json();
    expect(made).toMatchObject({ montantFacture: 5_900, assujettiTva: false });
    // Subject to VAT since, prices without it: the kept line (sold untaxed) is not charged 18 % now.
    const put = await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'SN', assujettiTva: true, prixTtc: false, tauxTva: [18, 10] } });
    expect(put.statusCode, put.body).toBe(200);
    const edited = await w.director({
      method: 'PUT',
      url: `/api/factures/update/${made.idFacture}`,
      payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }, { articles: w.reduced.id, nombre: 1 }]),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // 5 900 kept without VAT; 1 100 added at 10 %: 110 of VAT. 5 900 + 1 210 = 7 110 (it charged 1 062 more on the kept line).
    expect(edited.json()).toMatchObject({
      montantFacture: 7_110,
      tva: [
        { taux: 10, base: 1_100, montant: 110 },
        { taux: null, base: 5_900, montant: 0 },
      ],
    });
  });

  it('a shop no longer subject to VAT issues a corrected invoice without VAT; its credit note takes back the VAT the replaced version charged', async () => {
    const w = await shopWorld();
    const made = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 2 }]) })).json();
    expect(made).toMatchObject({ montantFacture: 11_800, tva: [{ taux: 18, base: 10_000, montant: 1_800 }] });
    expect((await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'SN', assujettiTva: false } })).statusCode).toBe(200);
    const edited = await w.director({ method: 'PUT', url: `/api/factures/update/${made.idFacture}`, payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ montantFacture: 5_900, assujettiTva: false, tva: [{ taux: null, base: 5_900, montant: 0 }] });
    const [note] = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, made.idFacture), eq(issuedDocuments.series, 'AV')));
    expect(JSON.parse(note!.content)).toMatchObject({ totalTtcFcfa: 11_800, vat: [{ rateBp: 1800, baseFcfa: 10_000, vatFcfa: 1_800 }] });
  });

  it('the VAT lines of ordinary Cameroonian and large amounts print on one line each, none over the next, every figure whole', async () => {
    const w = await shopWorld();
    // 10 % stays listed: the world's water carries it (a rate may not be dropped while an article carries it).
    const put = await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'CM', assujettiTva: true, tauxTva: [19.25, 18, 10] } });
    expect(put.statusCode, put.body).toBe(200);
    const phone = await createArticle(t.db, w.depot, { designation: 'Téléphone', prix: 1_500_000, quantite: 5 });
    const truck = await createArticle(t.db, w.depot, { designation: 'Camion', prix: 99_999_999_999, quantite: 5 });
    await t.db.update(articles).set({ vatDefault: false, vatRateBp: 1800 }).where(eq(articles.id, truck.id));
    const made = await w.director({
      method: 'POST',
      url: '/api/factures_generate',
      payload: invoiceBody(w, [{ articles: phone.id, nombre: 1 }, { articles: truck.id, nombre: 1 }, { articles: w.exempt.id, nombre: 1 }], { remise: 1 }),
    });
    expect(made.statusCode, made.body).toBe(201);
    for (const lang of ['fr', 'en']) {
      const pdf = (await w.director({ method: 'GET', url: `/api/downloadFile/facture-${made.json().idFacture}.pdf?lang=${lang}` })).rawPayload;
      expect(overlappingWords(pdf), lang).toEqual([]);
      expect(wordsPastPage(pdf), lang).toEqual([]);
      const text = pdfText(pdf);
      // The 11-digit price and amount whole on their line (the price was cut « 99 999 999 999 F… »).
      expect(text, lang).toMatch(/Camion\s+1\s+99 999 999 999 FCFA\s+18\s?%\s+99 999 999 999 FCFA/);
      for (const v of made.json().tva as { base: number; montant: number }[]) {
        expect(text, `${lang} ${v.base}`).toContain(v.base.toLocaleString('fr-FR').replace(/\s/g, ' '));
      }
    }
  });

  it('concurrent sales and an edit chain without a gap or a fork', async () => {
    const w = await shopWorld();
    const first = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 1 }]) })).json();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => w.director({ method: 'POST', url: '/api/ventes', payload: sale(w, { lignes: [{ article: w.exempt.id, quantite: 1 }], paiements: [{ methode: 'cash', montant: 1000 }] }) })),
      w.director({ method: 'PUT', url: `/api/factures/update/${first.idFacture}`, payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 2 }]) }),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(300);
    const docs = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.shopId, w.shop.id), eq(issuedDocuments.series, 'FAC'))).orderBy(issuedDocuments.seq);
    expect(docs.map((d) => d.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await w.director({ method: 'GET', url: `/api/documents/controle/${w.shop.id}` })).json()).toEqual({ ok: true, documents: 9, premierDefaut: null });
  });

  it('names the first broken link when a stored document is altered or removed', async () => {
    const w = await shopWorld();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 1 }]) })).json().idFacture);
    }
    const docs = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.shopId, w.shop.id)).orderBy(issuedDocuments.seq);
    const url = `/api/documents/controle/${w.shop.id}`;
    expect((await w.director({ method: 'GET', url })).json().ok).toBe(true);

    // Altered content: the second document (its total raised).
    const second = docs[1]!;
    await t.db.update(issuedDocuments).set({ content: second.content.replace('"totalTtcFcfa":1000', '"totalTtcFcfa":100') }).where(eq(issuedDocuments.id, second.id));
    expect((await w.director({ method: 'GET', url })).json()).toEqual({ ok: false, documents: 3, premierDefaut: { serie: 'FAC', sequence: 2, numero: second.number, raison: 'contenu' } });
    // Its verification now says it cannot be verified, and it is not printed as the issued document.
    expect((await t.app.inject({ method: 'GET', url: `/api/verifier/${second.code}` })).statusCode).toBe(404);
    const reprint = await w.director({ method: 'GET', url: `/api/downloadFile/facture-${ids[1]}.pdf`, headers: { 'accept-language': 'en' } });
    expect(reprint.statusCode).toBe(409);
    expect(reprint.json()).toMatchObject({ code: 'DOCUMENT_ALTERED', message: expect.stringContaining('changed after it was issued') });
    // Altered with its own hash recomputed: the chain breaks.
    const forged = second.content.replace('"totalTtcFcfa":1000', '"totalTtcFcfa":100');
    const { sha256Hex, chainHashOf } = await import('./document-content.service.js');
    await t.db.update(issuedDocuments).set({ content: forged, contentHash: sha256Hex(forged) }).where(eq(issuedDocuments.id, second.id));
    expect((await w.director({ method: 'GET', url })).json().premierDefaut).toEqual({ serie: 'FAC', sequence: 2, numero: second.number, raison: 'chaine' });
    // Its public verification page says so too (it showed the forged total as valid).
    const verify = async (code: string) => (await t.app.inject({ method: 'GET', url: `/api/verifier/${code}` })).statusCode;
    expect(await verify(second.code)).toBe(404);
    // Its link recomputed too: the next document no longer links to it.
    await t.db.update(issuedDocuments).set({ chainHash: chainHashOf(docs[0]!.chainHash, sha256Hex(forged)) }).where(eq(issuedDocuments.id, second.id));
    expect(await verify(second.code)).toBe(404);
    // The newest forged the same way: the series' head no longer names it.
    const third = docs[2]!;
    const forgedThird = third.content.replace('"totalTtcFcfa":1000', '"totalTtcFcfa":100');
    await t.db
      .update(issuedDocuments)
      .set({ content: forgedThird, contentHash: sha256Hex(forgedThird), chainHash: chainHashOf(docs[1]!.chainHash, sha256Hex(forgedThird)) })
      .where(eq(issuedDocuments.id, third.id));
    expect(await verify(third.code)).toBe(404);
    await t.db.update(issuedDocuments).set({ content: third.content, contentHash: third.contentHash, chainHash: third.chainHash }).where(eq(issuedDocuments.id, third.id));
    await t.db.update(issuedDocuments).set({ content: second.content, contentHash: second.contentHash, chainHash: second.chainHash }).where(eq(issuedDocuments.id, second.id));
    for (const doc of docs) expect(await verify(doc.code)).toBe(200);
    expect((await w.director({ method: 'GET', url })).json().ok).toBe(true);

    // Removed: the first missing link is named; the command line says the same.
    await t.db.delete(issuedDocuments).where(eq(issuedDocuments.id, second.id));
    expect((await w.director({ method: 'GET', url })).json()).toEqual({ ok: false, documents: 2, premierDefaut: { serie: 'FAC', sequence: 2, numero: null, raison: 'manquant' } });
    const [cli] = await controlShops(t.db, w.shop.id);
    expect(cli!.result.premierDefaut).toMatchObject({ sequence: 2, raison: 'manquant' });
    // The last one removed: its invoice has no document.
    const { id: _removedId, ...restored } = second;
    await t.db.insert(issuedDocuments).values(restored);
    await t.db.delete(issuedDocuments).where(eq(issuedDocuments.id, docs[2]!.id));
    expect((await w.director({ method: 'GET', url })).json().premierDefaut).toEqual({ serie: 'FAC', sequence: 0, numero: docs[2]!.number, raison: 'sans_document' });
  });

  it("names a removed newest document that leaves no gap and no invoice without one: an edited invoice's new document", async () => {
    const w = await shopWorld();
    const url = `/api/documents/controle/${w.shop.id}`;
    const inv = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 1 }]) })).json();
    const edited = await w.director({ method: 'PUT', url: `/api/factures/update/${inv.idFacture}`, payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 2 }]) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await w.director({ method: 'GET', url })).json()).toEqual({ ok: true, documents: 3, premierDefaut: null });
    const fac = await t.db
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.shopId, w.shop.id), eq(issuedDocuments.series, 'FAC')))
      .orderBy(issuedDocuments.seq);
    expect(fac.map((d) => [d.seq, d.status])).toEqual([
      [1, 'corrigee'],
      [2, 'emise'],
    ]);
    // The edit's document removed: the invoice still has its first one, and nothing follows it.
    await t.db.delete(issuedDocuments).where(eq(issuedDocuments.id, fac[1]!.id));
    expect((await w.director({ method: 'GET', url })).json()).toEqual({ ok: false, documents: 2, premierDefaut: { serie: 'FAC', sequence: 2, numero: null, raison: 'manquant' } });
    const [cli] = await controlShops(t.db, w.shop.id);
    expect(cli!.result.premierDefaut).toMatchObject({ serie: 'FAC', sequence: 2, raison: 'manquant' });
    // Replaced by a forged one with its hashes recomputed from the first: the head names another link.
    const { id: _id, ...removed } = fac[1]!;
    const { sha256Hex, chainHashOf } = await import('./document-content.service.js');
    const forged = removed.content.replace('"quantity":2', '"quantity":1');
    const forgedHash = sha256Hex(forged);
    await t.db.insert(issuedDocuments).values({ ...removed, content: forged, contentHash: forgedHash, chainHash: chainHashOf(fac[0]!.chainHash, forgedHash) });
    expect((await w.director({ method: 'GET', url })).json().premierDefaut).toEqual({ serie: 'FAC', sequence: 2, numero: removed.number, raison: 'chaine' });
    // Put back: the chains hold again.
    await t.db.delete(issuedDocuments).where(eq(issuedDocuments.seq, 2));
    await t.db.insert(issuedDocuments).values(removed);
    expect((await w.director({ method: 'GET', url })).json().ok).toBe(true);
  });

  it('names a removed last credit note of its series (nothing follows it), in the API and the command line', async () => {
    const w = await shopWorld();
    const year = new Date().getFullYear();
    const url = `/api/documents/controle/${w.shop.id}`;
    for (let i = 0; i < 2; i++) {
      const inv = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 1 }]) })).json();
      expect((await w.director({ method: 'DELETE', url: `/api/factures/${inv.idFacture}` })).statusCode).toBe(200);
    }
    expect((await w.director({ method: 'GET', url })).json()).toEqual({ ok: true, documents: 4, premierDefaut: null });
    const notes = await t.db
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.shopId, w.shop.id), eq(issuedDocuments.series, 'AV')))
      .orderBy(issuedDocuments.seq);
    expect(notes.map((n) => n.number)).toEqual([`AV-${year}-000001`, `AV-${year}-000002`]);
    await t.db.delete(issuedDocuments).where(eq(issuedDocuments.id, notes[1]!.id));
    const fault = { serie: 'AV', sequence: 2, numero: `AV-${year}-000002`, raison: 'manquant' };
    expect((await w.director({ method: 'GET', url })).json()).toEqual({ ok: false, documents: 3, premierDefaut: fault });
    const [cli] = await controlShops(t.db, w.shop.id);
    expect(cli!.result).toEqual({ ok: false, documents: 3, premierDefaut: fault });
    // Both removed: the first of them is named.
    await t.db.delete(issuedDocuments).where(eq(issuedDocuments.id, notes[0]!.id));
    expect((await w.director({ method: 'GET', url })).json().premierDefaut).toEqual({ serie: 'AV', sequence: 1, numero: `AV-${year}-000001`, raison: 'manquant' });
    // Put back: the chains hold again.
    await t.db.insert(issuedDocuments).values(notes.map(({ id: _id, ...note }) => note));
    expect((await w.director({ method: 'GET', url })).json().ok).toBe(true);
  });

  it('verification is public and says only five things (and the time zone their date is read in); made-up, altered and unknown codes cannot be verified', async () => {
    const w = await shopWorld();
    await t.db.update(shops).set({ timeZone: 'Africa/Douala' }).where(eq(shops.id, w.shop.id));
    const sold = (await w.director({ method: 'POST', url: '/api/ventes', payload: sale(w) })).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/verifier/${sold.verification.code}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['date', 'emetteur', 'fuseau', 'numero', 'statut', 'total']);
    // The page reads the date in the shop's zone: issued at 00:30 in Douala, it is of that day, not of the day before (UTC).
    expect(res.json()).toMatchObject({ emetteur: 'Awa Commerce SARL', numero: sold.codeFac, total: sold.montantFacture, statut: 'emise', fuseau: 'Africa/Douala' });
    for (const code of ['A'.repeat(22), `${sold.verification.code.slice(0, 21)}${sold.verification.code.endsWith('A') ? 'B' : 'A'}`, 'short', '%27%20or%201%3D1']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/verifier/${code}`, headers: { 'accept-language': 'en' } });
      expect(bad.statusCode, code).toBe(404);
      expect(bad.json()).toMatchObject({ code: 'DOCUMENT_NOT_VERIFIABLE', message: 'This document cannot be verified.' });
      expect(bad.body).not.toContain('Awa');
    }
  });

  it("a credit note is dated in the shop's zone of its day, not its invoice's (the shop moved from Abidjan to Douala)", async () => {
    const w = await shopWorld();
    await t.db.update(shops).set({ timeZone: 'Africa/Abidjan' }).where(eq(shops.id, w.shop.id));
    const sold = (await w.director({ method: 'POST', url: '/api/ventes', payload: sale(w) })).json();
    await t.db.update(shops).set({ timeZone: 'Africa/Douala' }).where(eq(shops.id, w.shop.id));
    expect((await w.director({ method: 'DELETE', url: `/api/factures/${sold.idFacture}` })).statusCode).toBe(200);
    const [note] = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, sold.idFacture), eq(issuedDocuments.series, 'AV')));
    const content = typeof note!.content === 'string' ? JSON.parse(note!.content) : note!.content;
    expect(content).toMatchObject({ kind: 'avoir', timeZone: 'Africa/Douala' });
    const verified = await t.app.inject({ method: 'GET', url: `/api/verifier/${content.code}` });
    expect(verified.json()).toMatchObject({ fuseau: 'Africa/Douala' });
  });

  it("another shop's credit notes and chains are not found; bad input is 4xx", async () => {
    const w = await shopWorld();
    const other = await shopWorld();
    const inv = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 1 }]) })).json();
    await w.director({ method: 'DELETE', url: `/api/factures/${inv.idFacture}` });
    const [note] = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, inv.idFacture), eq(issuedDocuments.series, 'AV')));
    expect((await other.director({ method: 'GET', url: `/api/avoirs/${note!.id}` })).statusCode).toBe(404);
    expect((await other.director({ method: 'GET', url: `/api/downloadFile/avoir-${note!.id}.pdf` })).statusCode).toBe(404);
    expect([403, 404]).toContain((await other.director({ method: 'GET', url: `/api/documents/controle/${w.shop.id}` })).statusCode);
    expect([403, 404]).toContain((await other.director({ method: 'GET', url: `/api/avoirs/boutique/${w.shop.id}/1` })).statusCode);
    // A seller sees the credit notes of their own invoices only.
    expect((await w.seller({ method: 'GET', url: `/api/avoirs/${note!.id}` })).statusCode).toBe(404);
    for (const url of ['/api/avoirs/abc', '/api/avoirs/0', `/api/avoirs/boutique/${w.shop.id}/0`, '/api/documents/controle/xyz', `/api/verifier/${'x'.repeat(65)}`]) {
      const res = await w.director({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('credit notes: directors read the shop\'s, sellers and cashiers their own, managers and warehouse keepers none (a credit note repeats its invoice); another shop 404', async () => {
    const w = await shopWorld();
    const other = await shopWorld();
    const user = async (role: RoleId, shopId: number, accountId: number) =>
      as(t.app, await signIn(t.app, await createUser(t.db, { roles: [role], shopIds: [shopId], accountId })));
    const manager = await user(ROLE.manager, w.shop.id, w.accountId);
    const cashier = await user(ROLE.cashier, w.shop.id, w.accountId);
    const warehouse = await user(ROLE.warehouse, w.shop.id, w.accountId);
    // The seller's own invoice, deleted by the director: a credit note of the seller's invoice.
    const own = await w.seller({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 1 }]) });
    expect(own.statusCode, own.body).toBe(201);
    expect((await w.director({ method: 'DELETE', url: `/api/factures/${own.json().idFacture}` })).statusCode).toBe(200);
    const [note] = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, own.json().idFacture), eq(issuedDocuments.series, 'AV')));
    const list = `/api/avoirs/boutique/${w.shop.id}/1`;
    const one = `/api/avoirs/${note!.id}`;
    for (const [who, call] of [['director', w.director], ['seller', w.seller]] as const) {
      const page = await call({ method: 'GET', url: list });
      expect(page.statusCode, who).toBe(200);
      expect(page.json().total, who).toBe(1);
      expect((await call({ method: 'GET', url: one })).statusCode, who).toBe(200);
      expect((await call({ method: 'GET', url: `/api/downloadFile/avoir-${note!.id}.pdf` })).statusCode, who).toBe(200);
    }
    // A cashier sees the credit notes of their own invoices: none here.
    expect((await cashier({ method: 'GET', url: list })).json().total).toBe(0);
    expect((await cashier({ method: 'GET', url: one })).statusCode).toBe(404);
    // A manager sees no invoice, so no credit note either (it listed the seller's, with its lines).
    for (const [who, call] of [['manager', manager], ['warehouse', warehouse]] as const) {
      expect((await call({ method: 'GET', url: list })).statusCode, who).toBe(403);
      expect((await call({ method: 'GET', url: one })).statusCode, who).toBe(403);
      expect([403, 404], who).toContain((await call({ method: 'GET', url: `/api/downloadFile/avoir-${note!.id}.pdf` })).statusCode);
    }
    // Another shop's director: not found.
    expect((await other.director({ method: 'GET', url: one })).statusCode).toBe(404);
    expect([403, 404]).toContain((await other.director({ method: 'GET', url: list })).statusCode);
  });

  it('draws the A4 invoice and the ticket with a QR code that decodes to the verification page', async () => {
    const w = await shopWorld();
    const sold = (await w.director({ method: 'POST', url: '/api/ventes', payload: sale(w) })).json();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-pdf-'));
    for (const [format, lang] of [['a4', 'fr'], ['ticket', 'en'], ['a4', 'en']] as const) {
      const pdf = await w.director({ method: 'GET', url: `/api/downloadFile/facture-${sold.idFacture}.pdf?format=${format}&lang=${lang}` });
      expect(pdf.statusCode).toBe(200);
      const name = `${format}_${lang}`;
      const file = path.join(dir, `${name}.pdf`);
      fs.writeFileSync(file, pdf.rawPayload);
      execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', file, path.join(dir, name)]);
      const png = PNG.sync.read(fs.readFileSync(path.join(dir, fs.readdirSync(dir).find((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))!)));
      const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(qr?.data, format).toBe(`https://boutiko.example.test/${lang}/verifier/${sold.verification.code}`);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Arrêtée la présente facture');
      expect(text).toContain(lang === 'fr' ? 'TVA 18 %' : 'VAT 18%');
      // The lines' rate column: « 10 % » in French, "10%" in English (never the French spacing).
      if (lang === 'fr') expect(text).toMatch(/\b10 %/);
      else expect(text).not.toMatch(/\d %/);
    }
  });
  it("prints a proforma like an invoice (issuer's ids, VAT per rate, amount in words) but as a quote: no QR code, nothing to pay, nothing stored", async () => {
    const w = await shopWorld();
    const client = await createTestClient(t.db, w.shop.id, 'Diallo');
    await t.db.update(clients).set({ taxId: 'CL-778899' }).where(eq(clients.id, client.id));
    const quote = await w.director({
      method: 'POST',
      url: '/api/factures_generate',
      payload: invoiceBody(w, [{ articles: w.std.id, nombre: 2 }, { articles: w.exempt.id, nombre: 1 }, { articles: w.reduced.id, nombre: 1 }], { typeFactures: 3, client: client.id }),
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const { idFacture, codeFac } = quote.json();
    const before = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.shopId, w.shop.id));
    for (const [format, lang] of [['a4', 'fr'], ['ticket', 'fr'], ['a4', 'en']] as const) {
      const pdf = await w.director({ method: 'GET', url: `/api/downloadFile/facture-${idFacture}.pdf?format=${format}&lang=${lang}` });
      expect(pdf.statusCode, `${format} ${lang}`).toBe(200);
      const text = pdfText(pdf.rawPayload);
      // 11 800 at 18 %, 1 100 at 10 %, 1 000 exempt = 13 900: 18 %: base 10 000, VAT 1 800; 10 %: 1 000, VAT 100.
      for (const words of [
        lang === 'fr' ? `Facture proforma ${codeFac}` : `Pro forma invoice ${codeFac}`,
        'Awa Commerce SARL',
        'SN-DKR-2024-B-12345',
        '0012345 2G3',
        'CL-778899',
        lang === 'fr' ? 'Document sans valeur comptable' : 'No accounting value',
        lang === 'fr' ? 'TVA 18 %' : 'VAT 18%',
        'Arrêtée la présente facture proforma à la somme de treize mille neuf cents francs CFA',
      ]) {
        expect(text.replace(/\s+/g, ' '), `${format} ${lang}: ${words}`).toContain(words);
      }
      expect(text).toMatch(/1\s800\sFCFA/);
      expect(text).toMatch(/13\s900\sFCFA/);
      // Nothing to pay on a quote, nothing to verify.
      for (const absent of lang === 'fr' ? ['Reste à payer', 'Payé', 'Vérifier ce document'] : ['Remainder', 'Paid', 'Verify this document']) expect(text).not.toContain(absent);
      expect(overlappingWords(pdf.rawPayload), format).toEqual([]);
      expect(wordsPastPage(pdf.rawPayload), format).toEqual([]);
    }
    // Printing it issued nothing: a quote is not an issued document.
    expect(await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.shopId, w.shop.id))).toHaveLength(before.length);
  });
});

describe("the shop's logo on issued documents", () => {
  /** A solid logo of one colour, as a director uploads it. */
  const solid = (r: number, g: number, b: number) => sharp({ create: { width: 240, height: 120, channels: 3, background: { r, g, b } } }).png().toBuffer();
  /** Pixels of the first page, drawn at 100 dpi, close to that colour. */
  async function pixelsOf(pdf: Buffer, [r, g, b]: [number, number, number]): Promise<number> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-logo-'));
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
    const png = PNG.sync.read(fs.readFileSync(path.join(dir, 'page.png')));
    let n = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      if (Math.abs(png.data[i]! - r) < 40 && Math.abs(png.data[i + 1]! - g) < 40 && Math.abs(png.data[i + 2]! - b) < 40) n += 1;
    }
    return n;
  }
  const RED: [number, number, number] = [220, 20, 30];
  const BLUE: [number, number, number] = [20, 40, 220];

  it('draws the logo frozen at issue on the A4, the ticket and the credit note; a later logo prints only on later documents', async () => {
    const w = await shopWorld();
    const upload = async (logo: Buffer) => {
      const res = await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite/logo`, ...(await multipartPayload({ file: { filename: 'logo.png', type: 'image/png', data: logo } })) });
      expect(res.statusCode, res.body).toBe(200);
    };
    const pdf = async (file: string, format: 'a4' | 'ticket', lang: 'fr' | 'en' = 'fr') => {
      const res = await w.director({ method: 'GET', url: `/api/downloadFile/${file}?format=${format}&lang=${lang}` });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    // Without a logo, nothing red on the page.
    const before = (await w.director({ method: 'POST', url: '/api/ventes', payload: sale(w) })).json();
    expect(await pixelsOf(await pdf(before.file, 'a4'), RED)).toBe(0);

    await upload(await solid(...RED));
    const first = (await w.director({ method: 'POST', url: '/api/ventes', payload: sale(w) })).json();
    // At 100 dpi the A4 logo (at most 120 x 46 pt, here 92 x 46) is about 128 x 64 px; the ticket's about 133 x 67.
    for (const format of ['a4', 'ticket'] as const) {
      expect(await pixelsOf(await pdf(first.file, format), RED), format).toBeGreaterThan(4000);
    }
    // The logo changes: the earlier invoice still prints the red one, the new one the blue one.
    await upload(await solid(...BLUE));
    const second = (await w.director({ method: 'POST', url: '/api/ventes', payload: sale(w) })).json();
    const old = await pdf(first.file, 'a4', 'en');
    expect(await pixelsOf(old, RED)).toBeGreaterThan(4000);
    expect(await pixelsOf(old, BLUE)).toBe(0);
    expect(await pixelsOf(await pdf(second.file, 'a4'), BLUE)).toBeGreaterThan(4000);
    expect(await pixelsOf(await pdf(before.file, 'ticket'), BLUE)).toBe(0);

    // A credit note of the first invoice, issued now, carries the shop's logo of now; the invoice keeps its own.
    expect((await w.director({ method: 'DELETE', url: `/api/factures/${first.idFacture}` })).statusCode).toBe(200);
    const [note] = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, first.idFacture), eq(issuedDocuments.series, 'AV')));
    const notePdf = await pdf(`avoir-${note!.id}.pdf`, 'a4');
    expect(await pixelsOf(notePdf, BLUE)).toBeGreaterThan(4000);
    expect(await pixelsOf(notePdf, RED)).toBe(0);
    expect(await pixelsOf(await pdf(first.file, 'a4'), RED)).toBeGreaterThan(4000);
    // Another shop's file named in a document prints no logo (the file must be the issuing shop's).
    const other = await shopWorld();
    const otherSale = (await other.director({ method: 'POST', url: '/api/ventes', payload: sale(other) })).json();
    const [otherDoc] = await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, otherSale.idFacture));
    const [mine] = await t.db.select().from(issuedDocuments).where(and(eq(issuedDocuments.invoiceId, second.idFacture), eq(issuedDocuments.series, 'FAC')));
    const stolen = otherDoc!.content.replace('"logoFileId":null', `"logoFileId":${JSON.parse(mine!.content).issuer.logoFileId}`);
    expect(stolen).not.toBe(otherDoc!.content);
    // (its hash recomputed: a content that does not match its hash is not printed at all)
    await t.db.update(issuedDocuments).set({ content: stolen, contentHash: hashOf(stolen) }).where(eq(issuedDocuments.id, otherDoc!.id));
    const res = await other.director({ method: 'GET', url: `/api/downloadFile/${otherSale.file}?format=a4` });
    expect(await pixelsOf(res.rawPayload, BLUE)).toBe(0);
  });
});

describe('reports count the net', () => {
  it('a deleted invoice leaves the sales figures; an edit counts its new amount', async () => {
    const w = await shopWorld();
    const sum = async () =>
      Number(
        (
          (await t.db.execute(sql`select coalesce(sum(sold_fcfa), 0)::bigint as s from sales_daily_totals where shop_id = ${w.shop.id}`)) as unknown as {
            rows: { s: string }[];
          }
        ).rows[0]!.s,
      );
    const a = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 2 }]) })).json();
    const b = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 1 }]) })).json();
    expect(await sum()).toBe(11_800 + 1_000);
    await w.director({ method: 'PUT', url: `/api/factures/update/${a.idFacture}`, payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) });
    await w.director({ method: 'DELETE', url: `/api/factures/${b.idFacture}` });
    // Issued 12 800, credit notes 11 800 + 1 000, re-issued 5 900: the net is 5 900.
    expect(await sum()).toBe(5_900);
  });

  it("the period's VAT: per rate as the documents charged it, credit notes deducted; the report's PDF says it; another shop's is refused", async () => {
    const w = await shopWorld();
    const today = todayIn('Africa/Abidjan');
    const vatOf = (start = today, end = today, as = w.director) => as({ method: 'GET', url: `/api/rapport/tva/${w.shop.id}/${start}/${end}` });
    // A till sale: 2 x 5 900 at 18 % (base 10 000, VAT 1 800), 1 000 exempt, 1 100 at 10 % (1 000 + 100).
    expect((await w.director({ method: 'POST', url: '/api/ventes', payload: sale(w) })).statusCode).toBe(201);
    // An invoice of 11 800 at 18 %, corrected to 5 900: its credit note takes 11 800 back, its new version counts 5 900.
    const a = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 2 }]) })).json();
    expect((await w.director({ method: 'PUT', url: `/api/factures/update/${a.idFacture}`, payload: invoiceBody(w, [{ articles: w.std.id, nombre: 1 }]) })).statusCode).toBe(200);
    // An exempt invoice of 3 000, deleted: issued and taken back.
    const b = (await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.exempt.id, nombre: 3 }]) })).json();
    expect((await w.director({ method: 'DELETE', url: `/api/factures/${b.idFacture}` })).statusCode).toBe(200);
    // A proforma is not an issued document.
    expect((await w.director({ method: 'POST', url: '/api/factures_generate', payload: invoiceBody(w, [{ articles: w.std.id, nombre: 5 }], { typeFactures: 3 }) })).statusCode).toBe(201);

    const answer = await vatOf();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      vatSubject: true,
      rates: [
        { rateBp: 1800, subject: true, baseFcfa: 15_000, vatFcfa: 2_700, ttcFcfa: 17_700 },
        { rateBp: 1000, subject: true, baseFcfa: 1_000, vatFcfa: 100, ttcFcfa: 1_100 },
        { rateBp: null, subject: true, baseFcfa: 1_000, vatFcfa: 0, ttcFcfa: 1_000 },
      ],
      invoices: { count: 4, htFcfa: 30_000, vatFcfa: 4_600, ttcFcfa: 34_600 },
      creditNotes: { count: 2, htFcfa: 13_000, vatFcfa: 1_800, ttcFcfa: 14_800 },
      total: { htFcfa: 17_000, vatFcfa: 2_800, ttcFcfa: 19_800 },
    });
    // The net with VAT is the report's amount sold.
    const [reportTotal] = (await w.director({ method: 'GET', url: `/api/rapport/${w.shop.id}/${today}/${today}` })).json();
    expect(reportTotal.montantVendue).toBe(19_800);

    const pdf = pdfText((await w.director({ method: 'GET', url: `/api/rapport/imprimer/${w.shop.id}/${today}/${today}?lang=fr` })).rawPayload).replace(/\s+/g, ' ');
    expect(pdf).toContain('Ventes HT (factures moins avoirs) 17 000 FCFA TVA 18 % sur 15 000 FCFA 2 700 FCFA TVA 10 % sur 1 000 FCFA 100 FCFA Exonéré de TVA sur 1 000 FCFA 0 FCFA TVA collectée 2 800 FCFA');
    // The CSV ends with the same VAT, after an empty line (French: « ; » between fields).
    const csv = (await w.director({ method: 'GET', url: `/api/rapport/csv/${w.shop.id}/${today}/${today}?lang=fr` })).body.replace(/^\uFEFF/, '').trimEnd().split(/\r?\n/);
    expect(csv.slice(-7)).toEqual(['', 'TVA de la période', 'Taux;Base HT;TVA;TTC', '18\u00a0%;15000;2700;17700', '10\u00a0%;1000;100;1100', 'Exonéré;1000;0;1000', 'Total;17000;2800;19800']);
    const en = pdfText((await w.director({ method: 'GET', url: `/api/rapport/imprimer/${w.shop.id}/${today}/${today}?lang=en` })).rawPayload).replace(/\s+/g, ' ');
    expect(en).toContain('VAT 18% on 15 000 FCFA 2 700 FCFA VAT 10% on 1 000 FCFA 100 FCFA VAT exempt on 1 000 FCFA 0 FCFA VAT collected 2 800 FCFA');

    // Another day has nothing; a period is checked as the report's.
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await vatOf(yesterday, yesterday)).json()).toMatchObject({ rates: [], invoices: { count: 0 }, creditNotes: { count: 0 }, total: { vatFcfa: 0 } });
    expect((await vatOf(today, yesterday)).statusCode).toBe(400);
    // Directors only (reports:read); another director's shop is refused, as every report of a shop not theirs.
    expect((await vatOf(today, today, w.seller)).statusCode).toBe(403);
    const other = await shopWorld();
    expect((await vatOf(today, today, other.director)).statusCode).toBe(403);
  });

  it('a shop not subject to VAT: its report prints no VAT; once subject, what it sold before stays apart from the exempt lines', async () => {
    const w = await createDirector(t.db, { planId: 4, counts: { shops: 1, depots: 1, users: 5 } });
    const director = as(t.app, await signIn(t.app, w.director));
    const article = await createArticle(t.db, w.depots[0]!, { designation: 'Savon', prix: 500, quantite: 10 });
    const body = { client: 0, boutiques: w.shops[0]!.id, articles: [{ articles: article.id, nombre: 2 }], depot: w.depots[0]!.id, remise: 0, typeFactures: 1, imprimante: false };
    expect((await director({ method: 'POST', url: '/api/factures_generate', payload: body })).statusCode).toBe(201);
    const today = todayIn('Africa/Abidjan');
    const vat = (await director({ method: 'GET', url: `/api/rapport/tva/${w.shops[0]!.id}/${today}/${today}` })).json();
    expect(vat).toMatchObject({ vatSubject: false, rates: [{ rateBp: null, subject: false, baseFcfa: 1_000, vatFcfa: 0 }], total: { htFcfa: 1_000, vatFcfa: 0, ttcFcfa: 1_000 } });
    const pdf = pdfText((await director({ method: 'GET', url: `/api/rapport/imprimer/${w.shops[0]!.id}/${today}/${today}?lang=fr` })).rawPayload);
    expect(pdf).toContain('Bénéfice');
    expect(pdf).not.toContain('TVA');
    expect((await director({ method: 'GET', url: `/api/rapport/csv/${w.shops[0]!.id}/${today}/${today}?lang=fr` })).body).not.toContain('TVA');

    // Subject to VAT from now on (18 %): the soap sold again charges 76 of VAT on 500.
    const subject = await director({ method: 'PUT', url: `/api/boutiques/${w.shops[0]!.id}/identite`, payload: { pays: 'SN', assujettiTva: true, tauxTva: [18] } });
    expect(subject.statusCode, subject.body).toBe(200);
    expect((await director({ method: 'POST', url: '/api/factures_generate', payload: { ...body, articles: [{ articles: article.id, nombre: 1 }] } })).statusCode).toBe(201);
    const after = (await director({ method: 'GET', url: `/api/rapport/tva/${w.shops[0]!.id}/${today}/${today}` })).json();
    expect(after).toMatchObject({
      vatSubject: true,
      rates: [
        { rateBp: 1800, subject: true, baseFcfa: 424, vatFcfa: 76, ttcFcfa: 500 },
        { rateBp: null, subject: false, baseFcfa: 1_000, vatFcfa: 0, ttcFcfa: 1_000 },
      ],
      total: { htFcfa: 1_424, vatFcfa: 76, ttcFcfa: 1_500 },
    });
    const pdfAfter = pdfText((await director({ method: 'GET', url: `/api/rapport/imprimer/${w.shops[0]!.id}/${today}/${today}?lang=fr` })).rawPayload).replace(/\s+/g, ' ');
    expect(pdfAfter).toContain('TVA 18 % sur 424 FCFA 76 FCFA Hors TVA (non assujettie) sur 1 000 FCFA 0 FCFA TVA collectée 76 FCFA');
  });
});
