import fs from 'node:fs';

/** PostgreSQL's Unix socket on Debian, where the machine's server listens beside its TCP port. */
const SOCKET_DIR = '/var/run/postgresql';

/**
 * The bench's PostgreSQL (an admin database it creates its own from): `BENCH_PG_ADMIN_URL`, else
 * the machine's server through its Unix socket when there is one, else 127.0.0.1:5432. On one
 * machine the socket is how a colocated app server should reach PostgreSQL (README, "Running it
 * for a shop"): it spares each statement the loopback TCP stack's work on both sides, as pgbench
 * (the reference) does by default. Every figure of a run, the references included, goes
 * through the same way; the run's table says which.
 */
export function benchAdminUrl(): string {
  if (process.env.BENCH_PG_ADMIN_URL) return process.env.BENCH_PG_ADMIN_URL;
  if (fs.existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`)) return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(SOCKET_DIR)}`;
  return 'postgres://postgres@127.0.0.1:5432/postgres';
}
