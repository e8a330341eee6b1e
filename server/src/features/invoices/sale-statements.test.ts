import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashRegisters } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createTestClient } from '../../test/cash-factories.js';
import { actorOf, createDirector, createUser, signIn } from '../../test/factories.js';
import { shopContext } from '../../lib/access.js';
import { removeFromShop } from '../users/users.write.service.js';
import { countStatements } from '../../test/statement-counter.js';
import { availableStock as available, createArticle, saleBody } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the sale path', () => {
  it('sells 5 lines and takes their payment in a bounded number of statements', async () => {
    // Like the bench's: a director of many shops sells in the first one.
    const world = await createDirector(t.db, { planId: 4, shopCount: 12, counts: { shops: 20, depots: 20, users: 5 } });
    const shop = world.shops[0]!;
    const depot = world.depots[0]!;
    const articles: { id: number }[] = [];
    for (let i = 0; i < 5; i++) articles.push(await createArticle(t.db, depot, { prix: 1000 + i * 100, quantite: 50 }));
    const [register] = await t.db.select().from(cashRegisters).where(eq(cashRegisters.shopId, shop.id));
    const client = await createTestClient(t.db, shop.id);
    const director = as(t.app, await signIn(t.app, world.director));
    const counter = countStatements(t.database);
    counter.take();
    try {
      const sell = async () => {
        counter.take();
        const invoice = await director({
          method: 'POST',
          url: '/api/factures_generate',
          payload: saleBody({ shop, depot }, articles.map((a, i) => ({ articles: a.id, nombre: 1 + (i % 3) })), { client: client.id }),
        });
        expect(invoice.statusCode, invoice.body).toBe(201);
        const sale = counter.take();
        const { idFacture, montantFacture } = invoice.json<{ idFacture: number; montantFacture: number }>();
        const payment = await director({
          method: 'POST',
          url: '/api/paiements/livre',
          payload: { facture: idFacture, caisse: register?.id ?? null, montantPaye: montantFacture, montant: montantFacture, methode: 'cash' },
        });
        expect(payment.statusCode, payment.body).toBe(201);
        const paymentStatements = counter.take();
        // Both answers are built from the rows written: they are what a read after the commit shows.
        const detail = await director({ method: 'GET', url: `/api/factures/commande/detail/${idFacture}` });
        expect(invoice.json()).toEqual({ ...detail.json(), montantPaye: 0, reste: montantFacture, solde: false });
        const paid = await director({ method: 'GET', url: `/api/paiements_facture/${idFacture}` });
        expect(paid.json()).toEqual([payment.json()]);
        return { sale, payment: paymentStatements };
      };
      await sell(); // the first sale of the year makes the counter row
      const { sale, payment } = await sell();
      // Auth 1; begin; refs; stock locked and taken; invoice and its number; lines; movements; commit.
      expect(sale.length, sale.join('\n')).toBeLessThanOrEqual(9);
      // The rows every sale of the shop queues on (its counter, its day's totals, written by the
      // invoice's triggers) are taken after the stock, by the last writes before the commit.
      const at = (start: RegExp) => sale.findIndex((text) => start.test(text.trim()));
      expect(at(/^update stock_levels/)).toBeGreaterThan(0);
      expect(at(/^with "?counter"?.*insert into "invoices"/s)).toBeGreaterThan(at(/^update stock_levels/));
      expect(sale.length - at(/^with "?counter"?.*insert into "invoices"/s)).toBeLessThanOrEqual(4);
      // Auth 1; begin; the shop's sales lock (db/sales-lock.ts); invoice locked; register, zone and
      // answer's refs; closed day?; payment and invoice; commit.
      expect(payment.length, payment.join('\n')).toBeLessThanOrEqual(8);
    } finally {
      counter.restore();
    }
  });

  it('refuses a removed shop member and a signed-out session on the very next sale or payment', async () => {
    const world = await createDirector(t.db, { planId: 4, shopCount: 2, counts: { shops: 3, depots: 3, users: 5 } });
    const shop = world.shops[0]!;
    const depot = world.depots[0]!;
    const article = await createArticle(t.db, depot, { prix: 1000, quantite: 50 });
    // A member of two shops: removed from one, still signed in for the other.
    const cashier = await createUser(t.db, { roles: [ROLE.cashier], shopIds: [shop.id, world.shops[1]!.id], accountId: world.director.id });
    const asCashier = as(t.app, await signIn(t.app, cashier));
    const sell = () => asCashier({ method: 'POST', url: '/api/factures_generate', payload: saleBody({ shop, depot }, [{ articles: article.id, nombre: 1 }]) });
    const pay = (facture: number) =>
      asCashier({ method: 'POST', url: '/api/paiements/livre', payload: { facture, caisse: null, montantPaye: 1000, montant: 1000, methode: 'cash' } });
    const first = await sell();
    expect(first.statusCode, first.body).toBe(201);
    const second = await sell();
    expect(second.statusCode, second.body).toBe(201);
    expect((await pay(first.json<{ idFacture: number }>().idFacture)).statusCode).toBe(201);

    const owner = await actorOf(t.db, world.director.id);
    await removeFromShop(t.db, shopContext(owner, shop.id), cashier.id);
    expect((await sell()).json()).toMatchObject({ code: 'NOT_SHOP_MEMBER' });
    expect((await pay(second.json<{ idFacture: number }>().idFacture)).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await available(t.db, article.id, depot.id)).toBe(48);

    const director = as(t.app, await signIn(t.app, world.director));
    expect((await director({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBeLessThan(300);
    const afterLogout = await director({ method: 'POST', url: '/api/factures_generate', payload: saleBody({ shop, depot }, [{ articles: article.id, nombre: 1 }]) });
    expect(afterLogout.statusCode).toBe(401);
    expect(await available(t.db, article.id, depot.id)).toBe(48);
  });
});
