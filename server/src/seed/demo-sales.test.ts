import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { seedDemo } from '../seed-demo.js';
import { openTestDatabase } from '../test/database.js';
import { controlShops } from '../features/documents/issued-documents.service.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db);
}, 120_000);
afterAll(() => database.close());

describe('the demo data', () => {
  it("dates each sale's stock movements with its invoice, and the stock it draws on before the first sale", async () => {
    const sales = rowsOf<{ invoice_id: number; invoiced: string; moved: string }>(
      await database.db.execute(sql`select m.invoice_id, i.created_at::text as invoiced, m.created_at::text as moved
        from stock_movements m join invoices i on i.id = m.invoice_id order by m.id`),
    );
    expect(sales.length).toBeGreaterThan(40);
    // Sales are spread over four weeks: their movements are not all of one moment (the seeding's).
    expect(new Set(sales.map((s) => s.moved.slice(0, 10))).size).toBeGreaterThan(10);
    for (const sale of sales) expect(sale.moved, `invoice ${sale.invoice_id}`).toBe(sale.invoiced);

    const [order] = rowsOf<{ first_sale: string; last_other: string; others: number }>(
      await database.db.execute(sql`select
          (select min(created_at) from stock_movements where invoice_id is not null)::text as first_sale,
          (select max(m.created_at) from stock_movements m join shops s on s.id = m.shop_id
            where s.nom = 'Boutique Plateau' and m.invoice_id is null)::text as last_other,
          (select count(*)::int from stock_movements m join shops s on s.id = m.shop_id
            where s.nom = 'Boutique Plateau' and m.invoice_id is null) as others`),
    );
    expect(order!.others).toBeGreaterThan(0);
    expect(order!.last_other < order!.first_sale, `${order!.last_other} < ${order!.first_sale}`).toBe(true);

    // Read in order of date, each article's balance follows from the one before it.
    const ledger = rowsOf<{ article_id: number; depot_id: number; quantity: number; balance_after: number }>(
      await database.db.execute(sql`select article_id, depot_id, quantity, balance_after from stock_movements
        order by article_id, depot_id, created_at, id`),
    );
    const balances = new Map<string, number>();
    for (const m of ledger) {
      const key = `${m.article_id}/${m.depot_id}`;
      expect(m.balance_after, key).toBe((balances.get(key) ?? 0) + m.quantity);
      balances.set(key, m.balance_after);
    }
  });

  it("issues each sale's document at the sale's date, and every chain verifies", async () => {
    const docs = rowsOf<{ invoice_id: number; invoiced: string; issued: string; content: string }>(
      await database.db.execute(sql`select d.invoice_id, i.created_at::text as invoiced, d.issued_at::text as issued, d.content
        from issued_documents d join invoices i on i.id = d.invoice_id where d.series = 'FAC' order by d.id`),
    );
    expect(docs.length).toBeGreaterThan(40);
    for (const doc of docs) {
      expect(doc.issued, `invoice ${doc.invoice_id}`).toBe(doc.invoiced);
      expect(new Date(JSON.parse(doc.content).issuedAt).getTime()).toBe(new Date(doc.invoiced).getTime());
    }
    for (const { shopId, result } of await controlShops(database.db)) expect(result, `shop ${shopId}`).toMatchObject({ ok: true, premierDefaut: null });
  });
});
