import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../test/app.js';
import { createDirector, signIn } from '../test/factories.js';
import { createArticle, saleBody, tillSaleBody } from '../test/trading-factories.js';
import { articles } from './schema/index.js';
import { compileRawSql } from './raw-sql.js';

// The raw statements' compiler (raw-sql.ts) must give drizzle's own text and parameters, or leave
// the statement to drizzle.

const drizzle = new PgDialect();
const both = (query: SQL) => ({ fast: compileRawSql(query), drizzle: drizzle.sqlToQuery(query) });

describe('compileRawSql', () => {
  it("gives drizzle's text and parameters for text, values, nested statements, joins, raw text and lists", () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const inner = sql`select id from t where a = ${1} and b = ${'x'}`;
    const query = sql`with s as (${inner}) select ${null}::int, ${true}, ${12n}, ${at}::timestamptz, ${undefined} ${sql.raw('order by 1')},
      ${sql.join([sql`(${2}, ${3})`, sql`(${4}, ${5})`], sql`, `)} from s where id in ${[6, sql`${7} + 1`, 8]} and c = ${"l'ami"}`;
    const { fast, drizzle: expected } = both(query);
    expect(fast).toEqual({ sql: expected.sql, params: expected.params });
    expect(fast!.params).toEqual([1, 'x', null, true, 12n, at, 2, 3, 4, 5, 6, 7, 8, "l'ami"]);
  });

  it('leaves to drizzle what it does not compile: tables, columns, identifiers, encoded parameters, inlined values', () => {
    expect(compileRawSql(sql`select ${articles.id} from ${articles}`)).toBeNull();
    expect(compileRawSql(sql`select * from ${sql.identifier('articles')}`)).toBeNull();
    expect(compileRawSql(sql`select ${sql.param(1)}`)).toBeNull();
    expect(compileRawSql(sql`select ${sql`${1}`.inlineParams()}`)).toBeNull();
    expect(compileRawSql(sql`select ${1}`.inlineParams())).toBeNull();
    expect(compileRawSql(sql`select ${{ a: 1 }}`)).toBeNull();
  });
});

describe('raw statements of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("are compiled as drizzle does, for every statement of till sales, invoices, payments and the reports", async () => {
    // Every statement the app compiles is compiled again by drizzle and compared.
    const dialect = (t.db as unknown as { dialect: PgDialect }).dialect;
    const compile = dialect.sqlToQuery.bind(dialect);
    const seen = { fast: 0, mismatches: [] as unknown[] };
    dialect.sqlToQuery = (query, invokeSource) => {
      const used = compile(query, invokeSource);
      const expected = PgDialect.prototype.sqlToQuery.call(dialect, query, invokeSource);
      if (compileRawSql(query)) seen.fast++;
      if (used.sql !== expected.sql || JSON.stringify(used.params) !== JSON.stringify(expected.params)) seen.mismatches.push({ used, expected });
      return used;
    };
    try {
      const world = await createDirector(t.db, { planId: 4 });
      const shop = world.shops[0]!;
      const depot = world.depots[0]!;
      const w = { shop, depot };
      const a = await createArticle(t.db, depot, { prix: 1000, prixAchat: 600, quantite: 50 });
      const b = await createArticle(t.db, depot, { prix: 2500, prixAchat: 1500, quantite: 50 });
      const call = as(t.app, await signIn(t.app, world.director));
      for (let k = 0; k < 3; k++) {
        const till = await call({ method: 'POST', url: '/api/ventes', payload: tillSaleBody(w, [[a!.id, 1 + k], [b!.id, 1]], 10_000) });
        expect(till.statusCode, till.body).toBe(201);
      }
      const invoice = await call({ method: 'POST', url: '/api/factures_generate', payload: saleBody(w, [{ articles: a!.id, nombre: 2 }]) });
      expect(invoice.statusCode, invoice.body).toBe(201);
      const pay = await call({
        method: 'POST',
        url: '/api/paiements/livre',
        payload: { facture: invoice.json().idFacture, livrer: false, chauffeure: 0, montantPaye: 2000, total: 2000, reste: 2000, methode: 'cash' },
      });
      expect(pay.statusCode, pay.body).toBe(201);
      const day = new Date().toISOString().slice(0, 10);
      for (const url of [`/api/dashboard/${shop.id}`, `/api/rapport/${shop.id}/${day}/${day}`, `/api/factures/boutique/page/${shop.id}/1`]) {
        const read = await call({ method: 'GET', url });
        expect(read.statusCode, read.body).toBe(200);
      }
    } finally {
      dialect.sqlToQuery = compile;
    }
    expect(seen.mismatches).toEqual([]);
    expect(seen.fast).toBeGreaterThan(10);
  });
});
