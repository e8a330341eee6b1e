import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client.js';
import { PREPARED_MARK } from '../db/prepared.js';

/**
 * Counts the SQL statements the application sends (test-only): on PostgreSQL every query of a
 * pooled `pg` client (BEGIN and COMMIT included), on PGlite every query of the engine, with a
 * transaction counted as its BEGIN and COMMIT too (both the engine's own `query` and the client
 * drizzle is given, db/pglite-statements.ts). `take()` returns the statements since the
 * last call (their texts without db/prepared.ts's mark) and starts again; on PostgreSQL, a
 * statement sent under a name (a prepared one) is taken as `[named] ` and its text.
 */
export function countStatements(database: Database): { take: () => string[]; restore: () => void } {
  let seen: string[] = [];
  const note = (sent: unknown) => {
    const text = typeof sent === 'string' ? sent : String((sent as { text?: string }).text ?? sent);
    const named = typeof sent === 'object' && sent !== null && typeof (sent as { name?: unknown }).name === 'string';
    seen.push(`${named ? '[named] ' : ''}${text.startsWith(PREPARED_MARK) ? text.slice(PREPARED_MARK.length).trimStart() : text}`);
  };
  let restore: () => void;
  if (database.kind === 'postgres') {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return original.apply(this, args);
    };
    restore = () => {
      proto.query = original;
    };
  } else {
    // The app's statements go through the client drizzle is given (db/pglite-statements.ts);
    // the engine's own query and exec are counted too (anything sent to PGlite directly).
    const targets = [database.pglite as PGlite, database.pgliteClient as PGlite].filter(Boolean);
    const originals = targets.map(({ query, exec, transaction }) => ({ query, exec, transaction }));
    const wrap = <T extends { query: PGlite['query']; exec?: PGlite['exec'] }>(target: T, q: T['query'], e: T['exec'] | undefined) => {
      target.query = ((text: string, ...rest: unknown[]) => {
        note(text);
        return (q as (...a: unknown[]) => unknown).call(target, text, ...rest);
      }) as T['query'];
      if (e)
        target.exec = ((text: string, ...rest: unknown[]) => {
          note(text);
          return (e as (...a: unknown[]) => unknown).call(target, text, ...rest);
        }) as T['exec'];
    };
    targets.forEach((client, i) => {
      const { query, exec, transaction } = originals[i]!;
      wrap(client, query, exec);
      client.transaction = (async <T>(callback: (tx: Transaction) => Promise<T>) => {
        note('begin');
        try {
          return await transaction.call(client, (tx: Transaction) => {
            wrap(tx, tx.query, tx.exec);
            return callback(tx);
          });
        } finally {
          note('commit');
        }
      }) as PGlite['transaction'];
    });
    restore = () => {
      targets.forEach((client, i) => {
        const { query, exec, transaction } = originals[i]!;
        Object.assign(client, { query, exec, transaction });
      });
    };
  }
  return {
    take: () => {
      const taken = seen;
      seen = [];
      return taken;
    },
    restore,
  };
}
