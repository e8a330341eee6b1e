// `npx tsx --conditions=source server/src/bench/invoice-pdf.ts [N] [--postgres]`: the invoice PDF's
// costs in process (issue 11, "invoice PDF <= 20 ms"), on an in-memory PGlite or, with --postgres,
// on a database created and dropped on BENCH_PG_ADMIN_URL (default the local server). Prints the
// median and p95 of N runs with the process's mean CPU time (steadier on a busy machine) and the
// SQL statements each run sends: `renderInvoicePdf` (the shop's query and the drawing), a bare
// pdfkit document (create, one line, end), GET /api/auth/me (the bench's reference) and
// GET /api/downloadFile/facture-{id}.pdf through the app (auth, queries, drawing), A4 and ticket.
// A measuring tool, not a test: nothing here asserts.
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres, PGLITE_EXTENSIONS, type Database } from '../db/client.js';
import { renderInvoicePdf } from '../features/invoices/invoice-pdf.service.js';
import { getInvoice } from '../features/invoices/invoices.service.js';
import { createA4, pdfBuffer } from '../lib/pdf/pdf-document.js';
import { actorOf, createDirector, createUser, signIn } from '../test/factories.js';
import { createArticle, saleBody } from '../test/trading-factories.js';
import { ROLE } from '@app/common/roles';
import { shopContext } from '../lib/access.js';
import { benchAdminUrl } from './pg-url.js';

const N = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 200);
const onPostgres = process.argv.includes('--postgres');
let statements = 0;
/** Counts calls of `method` on `target` (a PGlite client, or pg's Client prototype). */
function counting(target: object, method: string) {
  const original = (target as Record<string, (...args: unknown[]) => unknown>)[method]!;
  (target as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
}
let database: Database;
let dropDatabase = async () => {};
if (onPostgres) {
  const adminUrl = benchAdminUrl();
  const name = `boutiko_invoice_pdf_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  database = await openPostgres(url.toString());
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  counting(pg.Client.prototype, 'query');
} else {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  for (const method of ['query', 'exec']) counting(client, method);
  database = await openPglite(undefined, client);
}
await database.migrate();
const config = { ...loadConfig({}), signinRateLimit: 1_000_000, writeRateLimit: 1_000_000, webDist: undefined };
const app = await buildApp({ config, db: database.db, logger: false });
await app.ready();

const world = await createDirector(database.db, { planId: 4, counts: { shops: 3, depots: 5, users: 20 } });
const shop = world.shops[0]!;
const depot = world.depots[0]!;
const seller = await createUser(database.db, { roles: [ROLE.seller], shopIds: [shop.id], accountId: world.director.id });
const token = await signIn(app, seller);
const headers = { authorization: `Bearer ${token}` };
const lines = [];
for (let i = 0; i < 5; i++) {
  const article = await createArticle(database.db, depot, { designation: `Pagne wax été n°${i + 1}`, prix: 1500 + i * 250, quantite: 50 });
  lines.push({ articles: article.id, nombre: 1 + (i % 3) });
}
const created = await app.inject({ method: 'POST', url: '/api/factures_generate', headers, payload: saleBody({ shop, depot }, lines) });
if (created.statusCode !== 201) throw new Error(created.body);
const invoiceId = (created.json() as { idFacture: number }).idFacture;
const invoice = await getInvoice(database.db, shopContext(await actorOf(database.db, seller.id), shop.id), invoiceId, 'fr');

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return `median ${at(50).toFixed(2)} ms, p95 ${at(95).toFixed(2)} ms`;
};

async function time(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  const before = statements;
  const cpu = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / N;
  console.log(`${label.padEnd(40)} ${stats(times)}, CPU ${cpuMs.toFixed(2)} ms, ${((statements - before) / N).toFixed(1)} statements each`);
}

await time('bare pdfkit A4 (one line)', () => pdfBuffer(createA4({ title: 'x' }), (doc) => void doc.text('Facture', 40, 40)));
for (const format of ['a4', 'ticket'] as const) {
  await time(`renderInvoicePdf ${format}`, () => renderInvoicePdf(database.db, invoice, { lang: 'fr', format }));
}
await time('GET /api/auth/me', async () => {
  const answer = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
  if (answer.statusCode !== 200) throw new Error(answer.body);
});
for (const format of ['a4', 'ticket'] as const) {
  await time(`GET facture-${invoiceId}.pdf?format=${format}`, async () => {
    const answer = await app.inject({ method: 'GET', url: `/api/downloadFile/facture-${invoiceId}.pdf?format=${format}`, headers });
    if (answer.statusCode !== 200) throw new Error(answer.body);
  });
}
await app.close();
await database.close();
await dropDatabase();
