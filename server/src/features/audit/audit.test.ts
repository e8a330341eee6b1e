import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { createArticle, saleBody } from '../../test/trading-factories.js';
import { createTestClient, createTestDriver } from '../../test/cash-factories.js';
import { auditLog } from '../../db/schema/index.js';
import { desc, eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/audit/page/{b}/{p}[/{search}]', () => {
  it("shows the director the shop's sensitive actions and the account's user changes, newest first, searchable", async () => {
    const world = await createDirector(t.db, { planId: 4, counts: { shops: 3, depots: 5, users: 20 } });
    const shop = world.shops[0]!;
    const depot = world.depots[0]!;
    const director = as(t.app, await signIn(t.app, world.director));
    const sellerUser = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id], accountId: world.director.id });
    const seller = as(t.app, await signIn(t.app, sellerUser));
    const article = await createArticle(t.db, depot, { prix: 1500, quantite: 10 });

    // A sale deleted by the director, a stock count, a user deleted (a line without shop).
    const sold = await seller({
      method: 'POST',
      url: '/api/factures_generate',
      payload: saleBody({ shop, depot }, [{ articles: article.id, nombre: 2 }]),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await director({ method: 'DELETE', url: `/api/factures/${sold.json().idFacture}` })).statusCode).toBe(200);
    const counted = await director({
      method: 'POST',
      url: '/api/inventaires',
      payload: { boutique: shop.id, depot: depot.id, motif: 'Casse', lignes: [{ article: article.id, quantiteComptee: 7 }] },
    });
    expect(counted.statusCode, counted.body).toBe(201);
    const gone = await createUser(t.db, { roles: [ROLE.cashier], shopIds: [shop.id], accountId: world.director.id });
    expect((await director({ method: 'DELETE', url: `/api/users/${gone.id}` })).statusCode).toBe(200);

    // Another account's actions never show.
    const other = await createDirector(t.db);
    const otherCall = as(t.app, await signIn(t.app, other.director));
    const otherUser = await createUser(t.db, { roles: [ROLE.seller], shopIds: [other.shops[0]!.id], accountId: other.director.id });
    expect((await otherCall({ method: 'DELETE', url: `/api/users/${otherUser.id}` })).statusCode).toBe(200);

    const page = await director({ method: 'GET', url: `/api/audit/page/${shop.id}/1` });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.data.map((e: { action: string }) => e.action)).toEqual(['user.delete', 'stock.count', 'invoice.delete']);
    expect(body.total).toBe(3);
    const [deletion, count, invoice] = body.data;
    expect(deletion).toMatchObject({ entity: 'user', entityId: gone.id, user: { username: world.director.username } });
    expect(count).toMatchObject({
      entity: 'stock_count',
      entityId: counted.json().idComptage,
      // In words (issue 22 item 15): the depot's name and the article's designation, no ids.
      before: { depot: depot.libelle, lines: `${article.designation} × 10` },
      after: { reason: 'Casse', lines: `${article.designation} × 7` },
    });
    expect(JSON.stringify([count.before, count.after])).not.toMatch(/Id"/);
    expect(invoice).toMatchObject({ entity: 'invoice', before: { totalFcfa: 3000 }, user: { username: world.director.username } });
    expect(Number.isNaN(Date.parse(invoice.createdAt))).toBe(false);

    const search = (await director({ method: 'GET', url: `/api/audit/page/${shop.id}/1/invoice` })).json();
    expect(search.data.map((e: { action: string }) => e.action)).toEqual(['invoice.delete']);
    const byUser = (await director({ method: 'GET', url: `/api/audit/page/${shop.id}/1/${world.director.username}` })).json();
    expect(byUser.total).toBe(3);
  });

  it('reads an invoice edit, an invoice deletion and a delivery cancel in words: number, type, depot, driver, money, lines', async () => {
    const world = await createDirector(t.db);
    const shop = world.shops[0]!;
    const depot = world.depots[0]!;
    const director = as(t.app, await signIn(t.app, world.director));
    const rice = await createArticle(t.db, depot, { designation: 'Riz 25 kg', prix: 1500, quantite: 10 });
    const oil = await createArticle(t.db, depot, { designation: 'Huile 1 L', prix: 500, quantite: 10 });

    const sold = await director({ method: 'POST', url: '/api/factures_generate', payload: saleBody({ shop, depot }, [{ articles: rice.id, nombre: 2 }]) });
    expect(sold.statusCode, sold.body).toBe(201);
    const { idFacture, codeFac } = sold.json();
    const edited = await director({
      method: 'PUT',
      url: `/api/factures/update/${idFacture}`,
      payload: saleBody({ shop, depot }, [{ articles: rice.id, nombre: 3 }, { articles: oil.id, nombre: 1 }], { remise: 100 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await director({ method: 'DELETE', url: `/api/factures/${idFacture}` })).statusCode).toBe(200);

    // A credit sale delivered by a driver, then the delivery cancelled.
    const client = await createTestClient(t.db, shop.id);
    const driver = await createTestDriver(t.db, shop.id, 'Moussa Koné');
    const credit = await director({
      method: 'POST',
      url: '/api/factures_generate',
      payload: saleBody({ shop, depot }, [{ articles: oil.id, nombre: 4 }], { typeFactures: 2, client: client.id }),
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const delivered = await director({ method: 'POST', url: '/api/livraisons_liv', payload: { facture: credit.json().idFacture, chauffeure: driver.id } });
    expect(delivered.statusCode, delivered.body).toBe(201);
    expect((await director({ method: 'DELETE', url: `/api/livraisons/annulation/${delivered.json().idLivraison}` })).statusCode).toBe(200);

    const page = await director({ method: 'GET', url: `/api/audit/page/${shop.id}/1` });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json().data;
    expect(shown.map((e: { action: string }) => e.action)).toEqual(['delivery.cancel', 'invoice.delete', 'invoice.update']);
    const [cancel, deletion, update] = shown;
    expect(update).toMatchObject({
      before: { code: codeFac, type: 'Comptant', depot: depot.libelle, discountFcfa: 0, totalFcfa: 3000, lines: 'Riz 25 kg × 2' },
      after: { code: codeFac, type: 'Comptant', depot: depot.libelle, discountFcfa: 100, totalFcfa: 4900, lines: 'Riz 25 kg × 3, Huile 1 L × 1' },
    });
    expect(deletion).toMatchObject({
      before: { code: codeFac, type: 'Comptant', depot: depot.libelle, totalFcfa: 4900, paidFcfa: 0, remainingFcfa: 4900, delivered: false, lines: 'Riz 25 kg × 3, Huile 1 L × 1' },
      after: { deleted: true, voidedPaymentsFcfa: 0, cancelledDeliveries: 0 },
    });
    expect(cancel).toMatchObject({
      entity: 'delivery',
      before: { invoiceCode: credit.json().codeFac, totalFcfa: 2000, driver: 'Moussa Koné', delivered: true },
      after: { delivered: false },
    });
    // No raw id and no list left for the page to show as "[n]".
    for (const entry of shown) {
      expect(`${JSON.stringify(entry.before)} ${JSON.stringify(entry.after)}`).not.toMatch(/Id"|\[/);
    }
    // What is stored is what is shown.
    const stored = await t.db.select().from(auditLog).where(eq(auditLog.shopId, shop.id)).orderBy(desc(auditLog.id));
    expect(stored.map((row) => ({ before: row.before, after: row.after }))).toEqual(shown.map((e: { before: unknown; after: unknown }) => ({ before: e.before, after: e.after })));
  });

  it('is for directors only, and only in their own shops', async () => {
    const world = await createDirector(t.db);
    const shopId = world.shops[0]!.id;
    for (const role of [ROLE.manager, ROLE.seller, ROLE.cashier, ROLE.warehouse]) {
      const user = await createUser(t.db, { roles: [role], shopIds: [shopId], accountId: world.director.id });
      const call = as(t.app, await signIn(t.app, user));
      expect((await call({ method: 'GET', url: `/api/audit/page/${shopId}/1` })).statusCode, `role ${role}`).toBe(403);
    }
    const other = await createDirector(t.db);
    const otherCall = as(t.app, await signIn(t.app, other.director));
    const refused = await otherCall({ method: 'GET', url: `/api/audit/page/${shopId}/1` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_SHOP_MEMBER');
    expect((await t.app.inject({ method: 'GET', url: `/api/audit/page/${shopId}/1` })).statusCode).toBe(401);
  });
});
