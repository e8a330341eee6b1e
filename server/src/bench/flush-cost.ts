import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { createDurablePglite } from '../db/durable-pglite.js';

const WRITES = 300;

/**
 * What the flush behind each commit costs on PGlite (issue 23 A): the same loop of single-row
 * autocommit inserts on the same folder, with the server's durable open (fsync on: one WAL flush
 * per commit) and with PGlite's defaults (no flush). Milliseconds a write, median of three rounds.
 */
export async function flushCost(dir: string): Promise<{ durableMs: number; plainMs: number }> {
  const rounds: { durable: number[]; plain: number[] } = { durable: [], plain: [] };
  for (let round = 0; round < 3; round++) {
    for (const mode of ['durable', 'plain'] as const) {
      const client =
        mode === 'durable' ? (await createDurablePglite(dir, {})).client : await PGlite.create({ dataDir: dir });
      try {
        await client.exec('create table if not exists bench_flush_probe (id serial primary key, note text not null)');
        const start = performance.now();
        for (let i = 0; i < WRITES; i++) await client.query('insert into bench_flush_probe (note) values ($1)', [`${mode} ${i}`]);
        rounds[mode].push((performance.now() - start) / WRITES);
        await client.exec('drop table bench_flush_probe');
      } finally {
        await client.close();
      }
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
  return { durableMs: median(rounds.durable), plainMs: median(rounds.plain) };
}
