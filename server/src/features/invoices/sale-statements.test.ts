import { randomUUID } from 'node:crypto';
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
      // The session with the write limit's count (plugins/auth.ts loadSession); begin; refs; stock
      // locked and taken in one (stock-ledger.service.ts); number, invoice, lines, movements and its
      // issued document (issue 21) in one; commit.
      expect(sale.length, sale.join('\n')).toBeLessThanOrEqual(6);
      // The rows every sale of the shop queues on (its counter, its day's totals, written by the
      // triggers) are taken after the stock, by the last statement before the commit.
      const at = (start: RegExp) => sale.findIndex((text) => start.test(text.replace(/^\[named\] /, '').trim()));
      const written = at(
        /^with "?counter"?.*insert into "?invoices"?.*insert into "?invoice_lines"?.*insert into "?stock_movements"?.*insert into document_chain_heads.*insert into issued_documents/s,
      );
      // The stock statement holds the articles, then locks and takes the levels.
      const stock = at(/^with held_articles as .*for key share.*locked as .*update stock_levels/s);
      expect(stock).toBeGreaterThan(0);
      expect(written).toBeGreaterThan(stock);
      // Then only the commit.
      expect(sale.slice(written + 1).map((text) => text.trim()), sale.join('\n')).toEqual(['commit']);
      // The session with the write limit's count; begin; the shop's sales lock (db/sales-lock.ts);
      // invoice locked; the key's lock (lib/once.ts); register, zone and answer's refs; closed day?;
      // payment and invoice; commit.
      expect(payment.length, payment.join('\n')).toBeLessThanOrEqual(9);
    } finally {
      counter.restore();
    }
  });

  it('rings a 5-line sale with its cash payment (POST /api/ventes) in one request and a bounded number of statements', async () => {
    const world = await createDirector(t.db, { planId: 4, shopCount: 2, counts: { shops: 3, depots: 3, users: 5 } });
    const shop = world.shops[0]!;
    const depot = world.depots[0]!;
    const articles: { id: number }[] = [];
    for (let i = 0; i < 5; i++) articles.push(await createArticle(t.db, depot, { prix: 1000 + i * 100, quantite: 50 }));
    const director = as(t.app, await signIn(t.app, world.director));
    const counter = countStatements(t.database);
    try {
      const ring = async () => {
        counter.take();
        const response = await director({
          method: 'POST',
          url: '/api/ventes',
          payload: {
            id: randomUUID(),
            vendueLe: new Date().toISOString(),
            boutique: shop.id,
            depot: depot.id,
            lignes: articles.map((a, i) => ({ article: a.id, quantite: 1 + (i % 3) })),
            paiements: [{ methode: 'cash', montant: 20_000 }],
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        const statements = counter.take();
        // The answer is built from the rows written: it is what a read after the commit shows.
        const detail = await director({ method: 'GET', url: `/api/factures/commande/detail/${response.json().idFacture}` });
        const { idVente: _id, vendueLe: _at, paiements: _p, reliquat: _r, ...invoice } = response.json();
        expect(invoice).toEqual(detail.json());
        return statements;
      };
      await ring(); // the first sale of the year makes the counter row
      const sale = await ring();
      // The session with the write limit's count; the stored id, the register and its closed days,
      // and the refs, in one that locks nothing (sale-refs.queries.ts, `lock: false`: read-only, no
      // commit to log); then ONE statement, its own transaction (no begin, no commit):
      // the articles held, the stock locked and taken, the register's day checked (migration 0019),
      // number, invoice, lines, movements, payment and its issued document (issue 21, chained by
      // its series' head row).
      expect(sale.length, sale.join('\n')).toBeLessThanOrEqual(3);
      expect(sale.slice(0, -1).filter((text) => /sale_claim\(|pg_advisory|for (key )?share|for update/i.test(text))).toEqual([]);
      expect(sale.map((text) => text.trim()).filter((text) => /^(begin|commit)$/.test(text))).toEqual([]);
      // On PostgreSQL all 3 go under a name (db/prepared.ts): each connection parses them once and keeps their plan.
      if (t.database.kind === 'postgres') expect(sale.filter((text) => text.startsWith('[named] ')).length, sale.join('\n')).toBe(3);
      const last = sale.at(-1)!.replace(/^\[named\] /, '').trim();
      expect(last).toMatch(
        /^with "?sale_articles"? as .*for key share.*locked as .*for update.*update stock_levels.*"?counter"? as .*sale_write_check\(.*sale_register_open\(.*insert into "?invoices"?.*insert into "?payments"?.*insert into document_chain_heads.*insert into issued_documents/s,
      );
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
