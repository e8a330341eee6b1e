import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_MARK } from './prepared.js';
import { pgliteStatements, type PgliteClient } from './pglite-statements.js';

// The client drizzle gets on PGlite (pglite-statements.ts) against PGlite's own `query`: same
// results, named statements for marked texts, errors, transactions and their exclusion.
describe('PGlite statements sent batched (db/pglite-statements.ts)', () => {
  let pg: PGlite;
  let client: PgliteClient;
  const named = async () =>
    (await pg.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((row) => row.name);

  beforeAll(async () => {
    pg = await PGlite.create();
    client = pgliteStatements(pg);
    await pg.exec(`create table t (id int primary key, label text, amount numeric, at timestamptz, tags text[], doc jsonb, ok boolean, big bigint)`);
  });
  afterAll(async () => {
    await pg.close();
  });

  it('answers what PGlite answers, in object and array rows, with the caller parsers and nulls', async () => {
    const insert = `insert into t values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`;
    const values = [1, "l'étiquette", '12.50', new Date('2026-11-27T01:02:03Z'), ['a', 'b"c'], { k: [1, 2] }, true, 9007199254740991n];
    const ours = await client.query(insert, values);
    expect(ours.affectedRows).toBe(1);
    const select = `select * from t where id = $1`;
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { 1184: (text: string) => `at ${text}` } }]) {
      const mine = await client.query(select, [1], options);
      const theirs = await pg.query(select, [1], options);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
    expect((await client.query(select, [1], { parsers: { 1184: (text: string) => `at ${text}` } })).rows[0]).toMatchObject({
      at: 'at 2026-11-27 01:02:03+00',
    });
    await client.query(insert, [2, null, null, null, null, null, null, null]);
    expect((await client.query(select, [2])).rows).toEqual((await pg.query(select, [2])).rows);
    const update = await client.query(`update t set label = $1`, ['x']);
    expect(update.affectedRows).toBe(2);
    expect(update.rows).toEqual([]);
  });

  it('parses a marked statement once under its name and runs it by name after', async () => {
    const text = `${PREPARED_MARK} select label from t where id = $1`;
    expect(await named()).toEqual([]);
    expect((await client.query(text, [1])).rows).toEqual([{ label: 'x' }]);
    const names = await named();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^p_[0-9a-f]{40}$/);
    expect((await client.query(text, [2])).rows).toEqual([{ label: 'x' }]);
    // An unmarked text is not kept under a name.
    await client.query(`select label from t where id = $1`, [1]);
    expect(await named()).toEqual(names);
  });

  it('throws the database error with its code, and the next statement runs (parse and execution errors)', async () => {
    await expect(client.query(`select nope from t`)).rejects.toMatchObject({ code: '42703', query: 'select nope from t' });
    await expect(client.query(`${PREPARED_MARK} select 1/0 as x where $1::int = 1`, [1])).rejects.toMatchObject({ code: '22012' });
    await expect(client.query(`insert into t (id) values ($1)`, [1])).rejects.toMatchObject({ code: '23505' });
    expect((await client.query(`select count(*)::int as n from t`)).rows).toEqual([{ n: 2 }]);
  });

  it('a named statement whose result changes shape runs again unnamed after its error', async () => {
    await pg.exec(`create table shape (a int)`);
    const text = `${PREPARED_MARK} select * from shape`;
    await client.query(text);
    await pg.exec(`alter table shape add column b int; insert into shape values (1, 2)`);
    await expect(client.query(text)).rejects.toMatchObject({ code: '0A000' });
    expect((await client.query(text)).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('commits a transaction, rolls it back on an error, and holds other statements until it ends', async () => {
    await client.transaction(async (tx) => {
      await tx.query(`insert into t (id, label) values ($1, $2)`, [10, 'committed']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into t (id, label) values ($1, $2)`, [11, 'rolled back']);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    // A statement error inside: the whole transaction is undone.
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into t (id, label) values ($1, $2)`, [12, 'rolled back']);
        await tx.query(`insert into t (id) values ($1)`, [10]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const ids = async () => (await client.query<{ id: number }>(`select id from t where id >= 10 order by id`)).rows.map((row) => row.id);
    expect(await ids()).toEqual([10]);

    // A statement sent while a transaction is open (ours or PGlite's own) waits for its end.
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = client.transaction(async (tx) => {
      await tx.query(`insert into t (id, label) values ($1, $2)`, [13, 'later']);
      order.push('in transaction');
      await held;
      order.push('committing');
    });
    const outside = client.query(`select count(*)::int as n from t where id = 13`).then((result) => {
      order.push('outside');
      return result.rows[0];
    });
    const own = pg.query(`select count(*)::int as n from t where id = 13`).then((result) => result.rows[0]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const whileOpen = [...order];
    release();
    await open;
    expect(whileOpen).toEqual(['in transaction']);
    expect(await outside).toEqual({ n: 1 });
    expect(await own).toEqual({ n: 1 });
    expect(order).toEqual(['in transaction', 'committing', 'outside']);
  });
});
