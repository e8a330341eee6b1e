// The audit trail in words (issue 22 item 15), in fr and en: after an invoice edit, an invoice
// deletion, a delivery cancel and a reception's price corrected, the director's trail shows the invoice numbers, the type, depot
// and driver names, money in FCFA and "designation × quantity" lines, never raw ids, "∅" or "[n]".
// Everything is made through the API in an account of its own, so the trail holds only these lines.
import { expect } from '@playwright/test';
import { shot, signIn, test, uniqueName, type Lang } from '../support/app.js';
import { auth, createArticle, MAIN_DEPOT, newShop, sell } from '../support/sales.js';

const TEXT = {
  fr: {
    update: 'Facture modifiée',
    delete: 'Facture supprimée',
    cancel: 'Livraison annulée',
    total: 'Total (FCFA)',
    lines: 'Lignes',
    driver: 'Chauffeur',
    invoice: 'Facture',
    depot: 'Dépôt',
    type: 'Type',
    delivered: 'Livrée oui → non',
    deleted: 'Supprimée oui',
    reception: 'Réception modifiée',
    prices: "Prix d'achat",
    averageCosts: "Prix d'achat moyen des articles",
  },
  en: {
    update: 'Invoice changed',
    delete: 'Invoice deleted',
    cancel: 'Delivery cancelled',
    total: 'Total (FCFA)',
    lines: 'Lines',
    driver: 'Driver',
    invoice: 'Invoice',
    depot: 'Depot',
    type: 'Type',
    delivered: 'Delivered yes → no',
    deleted: 'Deleted yes',
    reception: 'Reception changed',
    prices: 'Purchase prices',
    averageCosts: "Articles' average purchase price",
  },
} as const;

for (const lang of ['fr', 'en'] as Lang[]) {
  const text = TEXT[lang];

  test(`the audit trail reads an invoice edit, a deletion and a delivery cancel in words (${lang})`, async ({
    page,
    request,
  }) => {
    const s = await newShop(request, `aud${lang}`);
    const headers = auth(s.directorToken);
    const rice = `Riz ${uniqueName('')}`;
    const oil = `Huile ${uniqueName('')}`;
    const riceId = await createArticle(request, s, rice, 20, 1_500);
    const oilId = await createArticle(request, s, oil, 20, 500);

    // An invoice edited (2 rice → 3 rice and 1 oil, 100 off), then deleted.
    const edited = await sell(request, s, s.directorUsername, [{ articles: riceId, nombre: 2 }]);
    const update = await request.put(`/api/factures/update/${edited.idFacture}`, {
      headers,
      data: {
        client: 0,
        boutiques: s.shop,
        articles: [
          { articles: riceId, nombre: 3 },
          { articles: oilId, nombre: 1 },
        ],
        depot: s.depot,
        remise: 100,
        typeFactures: 1,
        imprimante: false,
      },
    });
    expect(update.status(), await update.text()).toBe(200);
    const deleted = await request.delete(`/api/factures/${edited.idFacture}`, { headers });
    expect(deleted.status(), await deleted.text()).toBe(200);

    // A credit sale delivered by a driver, then its delivery cancelled.
    const client = await request.post('/api/clients', {
      headers,
      data: { nom: 'Traoré', prenom: 'Awa', telephone: '0102030405', adresse: 'Abidjan', boutique: s.shop },
    });
    expect(client.status(), await client.text()).toBe(201);
    const driver = await request.post('/api/chauffeur', {
      headers,
      data: { nom: 'Moussa Koné', telephone: '0707070707', boutique: s.shop },
    });
    expect(driver.status(), await driver.text()).toBe(201);
    const credit = await sell(
      request,
      s,
      s.directorUsername,
      [{ articles: oilId, nombre: 4 }],
      2,
      (await client.json()).idClient,
    );
    const delivery = await request.post('/api/livraisons_liv', {
      headers,
      data: { facture: credit.idFacture, chauffeure: (await driver.json()).id },
    });
    expect(delivery.status(), await delivery.text()).toBe(201);
    const cancelled = await request.delete(`/api/livraisons/annulation/${(await delivery.json()).idLivraison}`, { headers });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    // A reception of 10 rice at 900 (20 on hand at 1 050: the average becomes 1 000), its price
    // then corrected to 1 200: its 10 units revalued, (30 000 + 10 x 300) / 30 = 1 100.
    const received = await request.post('/api/reception', {
      headers,
      data: { depot: s.depot, boutique: s.shop, article: [{ articles: riceId, nombre: 10, prixAchat: 900 }] },
    });
    expect(received.status(), await received.text()).toBe(201);
    const reception = (await received.json()) as { idReception: number; code: string };
    const corrected = await request.put(`/api/reception/${reception.idReception}`, {
      headers,
      data: { depot: s.depot, boutique: s.shop, article: [{ articles: riceId, nombre: 10, prixAchat: 1_200 }] },
    });
    expect(corrected.status(), await corrected.text()).toBe(200);

    await signIn(page, lang, s.directorUsername);
    await page.goto(`/${lang}/app/journal-audit`);
    const rows = page.getByTestId('table-row');
    await expect(rows).toHaveCount(4);
    const [receptionRow, cancelRow, deleteRow, updateRow] = [rows.nth(0), rows.nth(1), rows.nth(2), rows.nth(3)];

    await expect(receptionRow).toContainText(text.reception);
    await expect(receptionRow).toContainText(reception.code);
    await expect(receptionRow).toContainText(`${text.lines} ${rice} × 10`);
    await expect(receptionRow).toContainText(new RegExp(`${text.prices} ${rice} 900\\sFCFA → ${rice} 1\\s200\\sFCFA`));
    await expect(receptionRow).toContainText(new RegExp(`${text.averageCosts} ${rice} 1\\s000\\sFCFA → ${rice} 1\\s100\\sFCFA`));

    await expect(updateRow).toContainText(text.update);
    await expect(updateRow).toContainText(edited.codeFac);
    await expect(updateRow).toContainText(`${text.depot} ${MAIN_DEPOT}`);
    await expect(updateRow).toContainText(`${text.type} Comptant`);
    await expect(updateRow).toContainText(new RegExp(`${text.total.replace(/[()]/g, '\\$&')} 3\\s000 → 4\\s900`));
    await expect(updateRow).toContainText(`${text.lines} ${rice} × 2 → ${rice} × 3, ${oil} × 1`);

    await expect(deleteRow).toContainText(text.delete);
    await expect(deleteRow).toContainText(edited.codeFac);
    await expect(deleteRow).toContainText(`${text.lines} ${rice} × 3, ${oil} × 1`);
    await expect(deleteRow).toContainText(/4\s900/);
    await expect(deleteRow).toContainText(text.deleted);

    await expect(cancelRow).toContainText(text.cancel);
    await expect(cancelRow).toContainText(`${text.invoice} ${credit.codeFac}`);
    await expect(cancelRow).toContainText(`${text.driver} Moussa Koné`);
    await expect(cancelRow).toContainText(text.delivered);

    // Nothing raw: no ids, no empty side, no list length.
    const changes = await page.getByTestId('audit-table').innerText();
    expect(changes).not.toMatch(/∅|\[\d+\]|typeId|depotId|driverId|invoiceId/);
    await shot(page, `audit-trail-${lang}`);
  });
}
