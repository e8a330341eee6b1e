import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db/rows.js';
import type { Db } from '../db/client.js';

/** The advisory-lock class of the client-made ids of sales, payments and closings (1001: a shop's sales, 1002: migrations, 1003: the first admin). */
const CLIENT_ID_LOCK_CLASS = 1004;

/**
 * Once and only once for a write that stores the client's id with its record, in the same
 * transaction (a sale's device id on its invoice, an Idempotency-Key on a payment or a closing,
 * each unique per shop): the one helper of the sales, payments and closings.
 *
 * Call it first in the writing transaction. It takes a transaction-scoped advisory lock on (kind,
 * shop, id), so that two copies of one request run one after the other: the second waits while
 * the first runs, then finds what the first committed (or, if the first rolled back or its server
 * died, finds nothing and writes). `find` looks the record up by its stored id; what it answers
 * is returned for the caller to replay instead of writing again. A request without an id (the
 * old client) writes every time. Another shop's record of the same id is never found: the lock
 * and the look-up are per shop.
 */
export async function findStoredOnce<T>(
  tx: Db,
  claim: { kind: 'sale' | 'payment' | 'closing'; shopId: number; key: string | null },
  find: (key: string) => Promise<T | undefined>,
): Promise<T | undefined> {
  if (!claim.key) return undefined;
  await claimClientId(tx, { ...claim, key: claim.key });
  return find(claim.key);
}

/**
 * The lock of findStoredOnce alone, for a caller that looks its record up in its next statement
 * (the sale reads its stored id with its references, `saleRefs`). That look-up must be a later
 * statement than the lock: a statement sees what was committed when it began, so a look-up in the
 * lock's own statement could miss the copy it waited for.
 */
export async function claimClientId(
  tx: Db,
  claim: { kind: 'sale' | 'payment' | 'closing'; shopId: number; key: string },
  /** A scalar subquery run in the same statement, after the lock (a row lock the caller needs before its next read); its value is answered. */
  alsoLock?: SQL,
): Promise<unknown> {
  const lock = clientIdLock(claim);
  const [row] = rowsOf<{ also: unknown }>(
    await tx.execute(
      sql`select pg_advisory_xact_lock(${lock.lockClass}, hashtext(${lock.key}))${
        alsoLock ? sql`, (${alsoLock}) as also` : sql``
      }`,
    ),
  );
  return row?.also ?? null;
}

/** The advisory lock of a client-made id: its class and key (for a statement that takes it itself, as the sale's `sale_claim`). */
export function clientIdLock(claim: { kind: 'sale' | 'payment' | 'closing'; shopId: number; key: string }): { lockClass: number; key: string } {
  return { lockClass: CLIENT_ID_LOCK_CLASS, key: `${claim.kind}:${claim.shopId}:${claim.key}` };
}
