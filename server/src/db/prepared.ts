import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Named (prepared) statements for the hottest statements (issue 19, Speed): a sale's session
 * lookup, references, stock and write. drizzle sends every statement unnamed, so PostgreSQL parses
 * and plans it again each time (about 0.6 ms of a sale's 2.3 ms inside PostgreSQL, bench/README.md).
 * A statement marked by `prepared` is sent by the PostgreSQL pool's client (`NamedStatementClient`,
 * db/client.ts) under a name made from its text: each connection parses it once and, after a few
 * runs, keeps its plan. Only marked statements are named, only short ones (a sale of a few lines:
 * each line count is its own text) and at most MAX_NAMED per connection, so that a connection's
 * prepared statements stay few. On PGlite the mark is a comment and nothing changes.
 */
export const PREPARED_MARK = '/*prepared*/';
const MAX_TEXT = 8_000;
const MAX_NAMED = 200;

export function prepared(query: SQL): SQL {
  return sql`${sql.raw(PREPARED_MARK)} ${query}`;
}

/** The name to send a statement under, or undefined (not marked, too long, or the connection has enough). */
export function statementName(text: string, named: Set<string>): string | undefined {
  if (!text.startsWith(PREPARED_MARK) || text.length > MAX_TEXT) return undefined;
  const name = `p_${createHash('sha1').update(text).digest('hex')}`;
  if (!named.has(name)) {
    if (named.size >= MAX_NAMED) return undefined;
    named.add(name);
  }
  return name;
}
