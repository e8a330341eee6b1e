// The server the bench measures, as its own process (so that its peak RSS is its own): the real
// app (`buildApp`) on an ephemeral loopback port, on PostgreSQL (BENCH_DATABASE_URL) or on a
// PGlite folder (BENCH_PGLITE_DIR). It prints one JSON line, `{ port, startupMs, phases }`, once
// listening; `startupMs` runs from opening the database to listening, `phases` splits it
// (open, migrations check, app built and listening); module loading is what the runner's
// spawn-to-listening time adds to it. Startup is production's (server.ts) but for the admin
// bootstrap, one indexed query once an admin exists. Every answer carries `Server-Timing: app;dur=<ms>`: Fastify's
// `reply.elapsedTime` at onSend, i.e. from the request's arrival to its body being ready
// (routing, auth, validation, handler, serialization), without the socket write and the client.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres } from '../db/client.js';
import { purgeIdempotencyKeys } from '../plugins/idempotency.js';

const started = performance.now();
const url = process.env.BENCH_DATABASE_URL;
const dir = process.env.BENCH_PGLITE_DIR;
if (!url && !dir) throw new Error('BENCH_DATABASE_URL or BENCH_PGLITE_DIR is required');
const database = url ? await openPostgres(url) : await openPglite(dir);
const opened = performance.now();
await database.migrate();
await purgeIdempotencyKeys(database.db);
const migrated = performance.now();
const config = { ...loadConfig({}), signinRateLimit: 1_000_000, writeRateLimit: 1_000_000, webDist: undefined };
const app = await buildApp({ config, db: database.db, logger: false });
app.addHook('onSend', async (_request, reply) => {
  reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(3)}`);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const listening = performance.now();
const phases = { openMs: opened - started, migrateMs: migrated - opened, appMs: listening - migrated };
process.stdout.write(`${JSON.stringify({ port, startupMs: listening - started, phases })}\n`);

const stop = async () => {
  await app.close();
  await database.close();
  // The bench's server child ends when the runner asks (SIGTERM), once the database is closed.
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
