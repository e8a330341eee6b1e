/**
 * A child process for the durability test (db/durable-pglite.test.ts): opens a PGlite data folder
 * (`durable`: as openPglite does for the server; `plain`: PGlite's defaults), makes committed
 * writes, and after each acknowledged one calls access() on a marker path, so that a system-call
 * trace shows which flushes happened behind which acknowledgement.
 * Usage: node --import tsx pglite-writer.ts <folder> durable|plain
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createDurablePglite } from '../db/durable-pglite.js';

const mark = (name: string) => fs.existsSync(`/nonexistent-boutiko-marker/${name}`);

const [folder, mode] = process.argv.slice(2);
if (!folder || (mode !== 'durable' && mode !== 'plain')) throw new Error('usage: pglite-writer.ts <folder> durable|plain');

const { client, durable } =
  mode === 'durable' ? await createDurablePglite(folder, {}) : { client: await PGlite.create({ dataDir: folder }), durable: false };
await client.exec('create table if not exists probe (id serial primary key, note text not null)');
mark('ready');
for (let i = 0; i < 5; i++) {
  await client.query('insert into probe (note) values ($1)', [`write ${i}`]);
  mark(`write-${i}`);
}
await client.transaction(async (tx) => {
  await tx.query(`insert into probe (note) values ('in a transaction')`);
  await tx.query(`update probe set note = note || '.' where id = 1`);
});
mark('transaction');
await client.exec('checkpoint');
mark('checkpoint');
await client.close();
console.log(JSON.stringify({ durable }));
