// Issue 21, browser journeys: the director fills the shop's legal identity; a sale's A4 invoice
// and ticket carry it (turned into images and read back); the QR code printed on the invoice is
// decoded and its page opened without signing in; an edit of the invoice then shows its credit
// note, in the invoice list, the credit notes screen and the public page. fr and en, 1280 and 375 px.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { proofPng, shot, signIn, snackbar, test, uniqueName, type Lang } from '../support/app.js';
import { auth, createArticle, newShop, sell, type SalesShop } from '../support/sales.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
// jsqr is CommonJS whose types declare an ES default: Node hands the function itself to an ES import.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ??
  jsQRModule) as unknown as typeof jsQRModule.default;

type IssuedInvoice = {
  idFacture: number;
  codeFac: string;
  file: string;
  statut?: string;
  verification?: { code: string; url: string };
  avoirs?: { idAvoir: number; numero: string; motif: string }[];
};

const TEXT = {
  fr: {
    country: 'Sénégal',
    countryCode: 'SN',
    taxIdName: 'NINEA',
    taxId: '0074512 2V2',
    rccm: 'SN-DKR-2024-B-12345',
    legalAction: 'Identité légale',
    vatSubject: 'Assujettie à la TVA',
    saved: 'Identité légale enregistrée.',
    logoSaved: 'Le logo a bien été enregistré.',
    badRate: /Saisissez un taux de TVA entre 0 et 100/,
    corrected: 'Corrigée',
    issued: 'Émise',
    corrective: 'Version rectificative en vigueur',
    valid: 'Valide',
    correctedPage: 'Corrigée par un avoir',
    cannot: 'Ce document ne peut pas être vérifié.',
    controlOk: 'Tous les documents sont intacts',
    noVat: 'TVA non applicable',
    versionPdf: 'PDF de cette version',
    exemptWord: 'Exonéré',
  },
  en: {
    country: 'Côte d’Ivoire',
    countryCode: 'CI',
    taxIdName: 'NCC',
    taxId: '1903456 K',
    rccm: 'CI-ABJ-2023-B-67890',
    legalAction: 'Legal identity',
    vatSubject: 'Subject to VAT',
    saved: 'Legal identity saved.',
    logoSaved: 'The logo was saved.',
    badRate: /Enter a VAT rate between 0 and 100/,
    corrected: 'Corrected',
    issued: 'Issued',
    corrective: 'Corrective version in force',
    valid: 'Valid',
    correctedPage: 'Corrected by a credit note',
    cannot: 'This document cannot be verified.',
    controlOk: 'All documents are untouched',
    noVat: 'VAT not applicable',
    versionPdf: 'PDF of this version',
    exemptWord: 'exempt',
  },
} as const;

/** A document of the API saved under screenshots/ and turned into PNG pages (pdftoppm); its text (pdftotext). */
async function savePdf(
  request: APIRequestContext,
  token: string,
  url: string,
  name: string,
): Promise<{ text: string; pngs: string[] }> {
  const response = await request.get(url, { headers: { ...auth(token), Accept: 'application/pdf' } });
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const pdf = path.join(SCREENSHOTS, `${name}.pdf`);
  fs.writeFileSync(pdf, await response.body());
  const text = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text.status, 'pdftotext (poppler-utils) must be installed').toBe(0);
  // 150 dpi: enough for the QR code's modules to be read back.
  const png = spawnSync('pdftoppm', ['-png', '-r', '150', pdf, path.join(SCREENSHOTS, name)]);
  expect(png.status, 'pdftoppm (poppler-utils) must be installed').toBe(0);
  const pngs = fs
    .readdirSync(SCREENSHOTS)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png') && /-\d+\.png$/.test(f))
    .map((f) => path.join(SCREENSHOTS, f));
  return { text: text.stdout, pngs };
}

/** The text of the first QR code found on the rendered pages, read with jsQR. */
async function readQr(pngs: string[]): Promise<string | null> {
  for (const file of pngs) {
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    if (found) return found.data;
  }
  return null;
}

/** The invoice with its issued document's fields (the lists leave them out). */
async function invoiceOf(request: APIRequestContext, s: SalesShop, id: number, lang: Lang): Promise<IssuedInvoice> {
  const response = await request.get(`/api/factures/commande/detail/${id}`, {
    headers: { ...auth(s.directorToken), 'Accept-Language': lang },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as IssuedInvoice;
}

/** The verification page opened by someone who never signed in (a fresh browser context). */
async function openAsStranger(browser: Browser, pathname: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(pathname);
  return { page, context };
}

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];

  test(`legal identity, invoice and ticket with it, QR verification and credit note (${lang})`, async ({
    page,
    request,
    browser,
  }) => {
    const s = await newShop(request, `lg${lang}`);
    const company = `Ets ${uniqueName('Ndiaye')}`;
    const footer = lang === 'fr' ? 'Banque : SGBS 01234 — Merci de votre visite' : 'Bank: SGBCI 01234 — Thank you for your visit';

    // 1. The director fills the legal identity from the shop screen.
    await signIn(page, lang, s.directorUsername);
    await page.goto(`/${lang}/app/boutique`);
    await page.getByTestId(`row-legal-${s.shop}`).click();
    const dialog = page.getByTestId('legal-identity-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(lang === 'fr' ? 'Raison sociale' : 'Company name').fill(company);
    await dialog.getByLabel(lang === 'fr' ? 'Forme juridique' : 'Legal form').fill('SARL');
    // OHADA: the share capital (typed with its groups) and the head office.
    await page.getByTestId('legal-share-capital').fill('1 000 000');
    await page.getByTestId('legal-head-office').fill(lang === 'fr' ? 'Immeuble Kébé, Dakar' : 'Rue du Commerce, Abidjan');
    await page.getByTestId('legal-country').click();
    await page.getByRole('option', { name: text.country, exact: true }).click();
    // The tax id is named as the country's tax office names it.
    await expect(dialog.getByLabel(text.taxIdName, { exact: true })).toBeVisible();
    await dialog.getByLabel(text.taxIdName, { exact: true }).fill(text.taxId);
    await dialog.getByLabel('RCCM', { exact: true }).fill(text.rccm);
    await dialog.getByRole('switch', { name: text.vatSubject }).check();
    // The country's preset rate is there; a wrong one is refused with the rule, in the screen's language.
    await expect(page.getByTestId('legal-vat-rates').locator('..').locator('..')).toContainText('18');
    await page.getByTestId('legal-vat-rates').fill('150');
    await page.getByTestId('legal-vat-rates').press('Enter');
    await page.getByTestId('dialog-submit').click();
    await expect(dialog.getByText(text.badRate)).toBeVisible();
    await page.getByTestId('legal-vat-rates').press('Backspace');
    await dialog.getByLabel(lang === 'fr' ? 'Pied de page des factures' : 'Invoice footer').fill(footer);
    await shot(page, `legal-identity-dialog-${lang}`);
    await page.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.saved)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The logo: an image sent from the same dialog, shown back once stored.
    await page.getByTestId(`row-legal-${s.shop}`).click();
    await expect(dialog).toBeVisible();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: proofPng(240, 120) });
    await page.getByTestId('legal-logo-upload').click();
    await expect(snackbar(page, text.logoSaved)).toBeVisible();
    await expect(dialog.getByTestId('legal-logo')).toBeVisible();
    await page.getByTestId('dialog-cancel').click();
    await expect(dialog).toBeHidden();

    const identity = await request.get(`/api/boutiques/${s.shop}/identite`, { headers: auth(s.directorToken) });
    expect(identity.status()).toBe(200);
    expect(await identity.json()).toMatchObject({
      raisonSociale: company,
      formeJuridique: 'SARL',
      capitalSocial: 1_000_000,
      siegeSocial: lang === 'fr' ? 'Immeuble Kébé, Dakar' : 'Rue du Commerce, Abidjan',
      rccm: text.rccm,
      idFiscal: text.taxId,
      pays: text.countryCode,
      assujettiTva: true,
      prixTtc: true,
      tauxTva: [18],
      piedDePage: footer,
    });

    // 2. An article takes the shop's standard rate; the article dialog offers the shop's rates and "exempt".
    const name = `Riz ${uniqueName('')}`;
    const article = await createArticle(request, s, name, 20, 4_500);
    await page.goto(`/${lang}/app/articles`);
    await page.getByTestId('table-search').fill(name);
    await expect(page.getByTestId('table-row').filter({ hasText: name })).toContainText(lang === 'fr' ? '18\u00a0%' : '18%');
    await page.getByTestId(`row-edit-${article}`).click();
    await page.getByTestId('article-vat').click();
    await expect(page.getByRole('option', { name: lang === 'fr' ? 'Exonéré' : 'Exempt' })).toBeVisible();
    await page.keyboard.press('Escape');
    await shot(page, `legal-article-vat-${lang}`);
    await page.getByTestId('dialog-cancel').click();

    // A client with a tax id, from the clients screen: the invoices issued to them print it.
    const clientName = uniqueName('Sow');
    const clientTaxId = lang === 'fr' ? '0076543 2A1' : 'CI-1234567-Z';
    await page.goto(`/${lang}/app/client`);
    await page.getByTestId('new-client').click();
    const clientDialog = page.getByTestId('client-dialog');
    await expect(clientDialog).toBeVisible();
    // Required fields: their label ends with the required mark.
    const required = (label: string) => clientDialog.getByLabel(new RegExp(`^${label}\\s*\\*$`));
    await required(lang === 'fr' ? 'Nom' : 'Last name').fill(clientName);
    await required(lang === 'fr' ? 'Prénom' : 'First name').fill('Aminata');
    await required(lang === 'fr' ? 'Téléphone' : 'Phone').fill('771234567');
    await required(lang === 'fr' ? 'Adresse' : 'Address').fill('Dakar');
    // A tax id with other signs is refused with the rule, in the screen's language.
    const taxIdField = clientDialog.getByLabel(lang === 'fr' ? 'Identifiant fiscal (NINEA, NCC, NIU, IFU, NIF)' : 'Tax id (NINEA, NCC, NIU, IFU, NIF)');
    await taxIdField.fill('N°123');
    await page.getByTestId('dialog-submit').click();
    await expect(clientDialog.getByText(lang === 'fr' ? 'Lettres, chiffres, espaces et - / . seulement.' : 'Letters, digits, spaces and - / . only.')).toBeVisible();
    await taxIdField.fill(clientTaxId);
    await shot(page, `legal-client-tax-id-${lang}`);
    await page.getByTestId('dialog-submit').click();
    await expect(clientDialog).toBeHidden();
    const clients = await request.get(`/api/client/page/${s.shop}/1/${encodeURIComponent(clientName)}`, { headers: auth(s.directorToken) });
    const client = ((await clients.json()) as { data: { idClient: number; idFiscal: string | null }[] }).data[0]!;
    expect(client.idFiscal).toBe(clientTaxId);

    // 3. A sale: its A4 invoice and its ticket carry the identity, the VAT and the amount in words.
    const invoice = await sell(request, s, s.directorUsername, [{ articles: article, nombre: 3 }]);
    const issued = await invoiceOf(request, s, invoice.idFacture, lang);
    expect(issued.statut).toBe('emise');
    expect(issued.verification?.code).toBeTruthy();
    for (const format of ['a4', 'ticket'] as const) {
      const doc = await savePdf(
        request,
        s.directorToken,
        `/api/downloadFile/${invoice.file}?format=${format}&lang=${lang}`,
        `legal-${format}-${lang}`,
      );
      const flat = doc.text.replace(/\s+/g, ' ');
      expect(flat).toContain(company);
      expect(flat).toContain(lang === 'fr' ? 'SARL au capital de 1 000 000 FCFA' : 'SARL with a share capital of 1 000 000 FCFA');
      expect(flat).toContain(lang === 'fr' ? 'Siège social : Immeuble Kébé, Dakar' : 'Head office: Rue du Commerce, Abidjan');
      expect(flat).toContain(text.rccm);
      expect(flat).toContain(text.taxId);
      expect(flat).toContain(invoice.codeFac);
      // 13 500 FCFA VAT included at 18 %: 11 441 without VAT, 2 059 of VAT (rounded once per rate).
      expect(flat).toMatch(/11\s441/);
      expect(flat).toMatch(/2\s059/);
      // The amount in words stays French on both languages' documents.
      expect(flat).toContain('treize mille cinq cents');
      expect(doc.pngs.length).toBeGreaterThan(0);
      // The logo is drawn: the page holds two images, the logo and the QR code (see the PNGs under screenshots/).
      const images = spawnSync('pdfimages', ['-list', path.join(SCREENSHOTS, `legal-${format}-${lang}.pdf`)], { encoding: 'utf8' });
      expect(images.stdout.trim().split('\n').filter((l) => /^\s*1\s+\d+\s+image/.test(l))).toHaveLength(2);
      // 4. The QR code is read back from the image of the page: it opens the public verification page.
      const qr = await readQr(doc.pngs);
      expect(qr, `a QR code on the ${format}`).not.toBeNull();
      expect(qr).toBe(issued.verification?.url);
      expect(new URL(qr!).pathname).toMatch(new RegExp(`^/${lang}/verifier/[A-Za-z0-9_-]{8,}$`));
    }

    // The invoice issued to the client shows their tax id, named as the shop's country names it.
    const clientSale = await sell(request, s, s.directorUsername, [{ articles: article, nombre: 1 }], 1, client.idClient);
    const clientDoc = await savePdf(request, s.directorToken, `/api/downloadFile/${clientSale.file}?format=a4&lang=${lang}`, `legal-client-a4-${lang}`);
    expect(clientDoc.text.replace(/\s+/g, ' ')).toContain(
      lang === 'fr' ? `${text.taxIdName} du client : ${clientTaxId}` : `Customer's ${text.taxIdName}: ${clientTaxId}`,
    );

    const qrPath = new URL(issued.verification!.url).pathname;
    const stranger = await openAsStranger(browser, qrPath);
    const result = stranger.page.getByTestId('verify-result');
    await expect(result).toContainText(company);
    await expect(result).toContainText(invoice.codeFac);
    await expect(result).toContainText(/13\s500\sFCFA/);
    await expect(stranger.page.getByTestId('verify-status-valid')).toHaveText(text.valid);
    // Nothing else: no client, no line, no seller.
    await expect(result).not.toContainText(name);
    await expect(result).not.toContainText(s.directorUsername);
    await shot(stranger.page, `legal-verify-valid-${lang}`);

    // A made-up code says the document cannot be verified, and nothing more.
    await stranger.page.goto(`/${lang}/verifier/${'A'.repeat(24)}`);
    await expect(stranger.page.getByTestId('verify-invalid')).toContainText(text.cannot);
    await shot(stranger.page, `legal-verify-invalid-${lang}`);

    // 5. An edit of the invoice leaves a credit note: the list shows it corrected, with its credit note.
    const edited = await request.put(`/api/factures/update/${invoice.idFacture}`, {
      headers: auth(s.directorToken),
      data: {
        client: 0,
        boutiques: s.shop,
        articles: [{ articles: article, nombre: 1 }],
        depot: s.depot,
        remise: 0,
        typeFactures: 1,
        imprimante: false,
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    const corrected = await invoiceOf(request, s, invoice.idFacture, lang);
    expect(corrected.avoirs?.length).toBe(1);
    const creditNote = corrected.avoirs![0]!;
    expect(corrected.statut).toBe('corrigee');
    expect(creditNote.numero).toMatch(/^AV-\d{4}-\d{6}$/);

    // The invoice's issued document, from the invoices list: its version in force (valid, as its
    // verification page says), with the credit note that took back the one it replaced.
    await page.goto(`/${lang}/app/facture`);
    await page.getByTestId('table-search').fill(invoice.codeFac);
    await expect(page.getByTestId('table-row').filter({ hasText: invoice.codeFac })).toHaveCount(1);
    await page.getByTestId(`row-document-${invoice.idFacture}`).click();
    const documentDialog = page.getByTestId('invoice-document');
    await expect(documentDialog.getByTestId('invoice-status-emise')).toHaveText(text.issued);
    await expect(documentDialog.getByTestId('invoice-corrective')).toHaveText(text.corrective);
    await expect(documentDialog.getByTestId('invoice-status-corrigee')).toHaveCount(0);
    await expect(documentDialog.getByTestId('invoice-credit-notes')).toContainText(creditNote.numero);
    // The version the edit replaced stays there, with the PDF of what was issued.
    await expect(documentDialog.getByTestId('invoice-versions')).toContainText(/13\s500\sFCFA/);
    await expect(documentDialog.getByTestId('invoice-versions').getByRole('button', { name: text.versionPdf })).toBeVisible();
    await shot(page, `legal-invoice-document-${lang}`);
    await page.keyboard.press('Escape');

    // The credit notes screen (from the home shortcuts) lists it with its PDF.
    await page.goto(`/${lang}/app/accueil`);
    await page.getByTestId('shortcut-avoirs').click();
    await expect(
      page.getByTestId('credit-notes-table').getByTestId('table-row').filter({ hasText: creditNote.numero }),
    ).toContainText(invoice.codeFac);
    await shot(page, `legal-credit-notes-${lang}`);
    const creditPdf = await savePdf(request, s.directorToken, `/api/avoirs/${creditNote.idAvoir}`, `legal-credit-note-${lang}`);
    expect(creditPdf.text.replace(/\s+/g, ' ')).toContain(creditNote.numero);

    // The QR of the first version now says it was corrected.
    await stranger.page.goto(qrPath);
    await expect(stranger.page.getByTestId('verify-status-corrected')).toHaveText(text.correctedPage);
    await shot(stranger.page, `legal-verify-corrected-${lang}`);
    await stranger.context.close();

    // 6. The document check: every chain of the shop holds.
    await page.goto(`/${lang}/app/accueil`);
    await page.getByTestId('shortcut-controle-documents').click();
    await expect(page.getByTestId('control-ok')).toContainText(text.controlOk);
    await shot(page, `legal-control-${lang}`);

    // The report's VAT of the period, as the documents charged it: 13 500 and 4 500 issued, the
    // 13 500 taken back by the credit note, its new version 4 500: at 18 % a base of 3 814 twice and
    // 686 of VAT twice.
    await page.goto(`/${lang}/app/raport`);
    const vat = page.getByTestId('report-vat');
    await expect(vat.getByTestId('vat-rate')).toHaveCount(1);
    await expect(vat.getByTestId('vat-rate')).toContainText(lang === 'fr' ? '18\u00a0%' : '18%');
    await expect(vat.getByTestId('vat-rate')).toContainText(/7\s628/);
    await expect(vat.getByTestId('vat-total')).toContainText(/1\s372/);
    await expect(vat.getByTestId('vat-documents')).toHaveText(
      lang === 'fr' ? '3 factures émises · 1 avoir déduit' : '3 invoices issued · 1 credit note deducted',
    );
    await shot(page, `legal-report-vat-${lang}`);

    // 7. The shop no longer subject to VAT: a new invoice's document says « TVA non applicable », as its PDF.
    const notSubject = await request.put(`/api/boutiques/${s.shop}/identite`, {
      headers: auth(s.directorToken),
      data: { pays: text.countryCode, assujettiTva: false },
    });
    expect(notSubject.status(), await notSubject.text()).toBe(200);
    const plain = await request.post('/api/factures_generate', {
      headers: auth(s.directorToken),
      data: { client: 0, boutiques: s.shop, articles: [{ articles: article, nombre: 1 }], depot: s.depot, remise: 0, typeFactures: 1, imprimante: false },
    });
    expect(plain.status(), await plain.text()).toBe(201);
    const plainInvoice = (await plain.json()) as { idFacture: number; codeFac: string };
    await page.goto(`/${lang}/app/facture`);
    await page.getByTestId('table-search').fill(plainInvoice.codeFac);
    await expect(page.getByTestId('table-row').filter({ hasText: plainInvoice.codeFac })).toHaveCount(1);
    await page.getByTestId(`row-document-${plainInvoice.idFacture}`).click();
    await expect(page.getByTestId('invoice-vat')).toContainText(text.noVat);
    await expect(page.getByTestId('invoice-vat')).not.toContainText(text.exemptWord);
    await shot(page, `legal-invoice-document-no-vat-${lang}`);
  });
}
