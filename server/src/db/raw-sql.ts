import { SQL, StringChunk } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

type Compiled = { sql: string; params: unknown[] };

/** `sql.inlineParams()` marks a statement whose values drizzle writes into its text (a private field). */
const inlined = (query: SQL) => (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

/**
 * The text and parameters of a raw statement (drizzle's `sql` template: text, values, nested
 * `sql`, `sql.join`, `sql.raw`, arrays), as drizzle's own `toQuery` makes them, in one walk; or
 * null when the statement holds anything else (a table, a column, a `sql.param` with its encoder,
 * an identifier, a placeholder, a subquery, inlined parameters), which drizzle then compiles itself.
 *
 * Why (issue 19, Speed): drizzle tests every chunk of a statement against a dozen entity kinds and
 * builds an object per chunk; a till sale's write (5 lines: about 1,000 chunks, 120 parameters)
 * cost 0.3 ms of the server's CPU to compile, every sale, as much again for its two other
 * statements. Every value is sent as a parameter, never inlined: the same text and values as
 * drizzle's, checked against it by raw-sql.test.ts on every statement of a sale and a report.
 */
export function compileRawSql(query: SQL): Compiled | null {
  if (inlined(query)) return null;
  const text: string[] = [];
  const params: unknown[] = [];
  const walk = (chunks: readonly unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) text.push(chunk.value.join(''));
      else if (chunk instanceof SQL) {
        if (inlined(chunk) || !walk(chunk.queryChunks)) return false;
      } else if (chunk === undefined) continue;
      else if (
        chunk === null ||
        typeof chunk === 'string' ||
        typeof chunk === 'number' ||
        typeof chunk === 'boolean' ||
        typeof chunk === 'bigint' ||
        chunk instanceof Date
      ) {
        params.push(chunk);
        text.push(`$${params.length}`);
      } else if (Array.isArray(chunk)) {
        // As drizzle: a list in parentheses, its items separated by commas.
        text.push('(');
        for (let i = 0; i < chunk.length; i++) {
          if (i > 0) text.push(', ');
          if (!walk([chunk[i]])) return false;
        }
        text.push(')');
      } else return false;
    }
    return true;
  };
  return walk(query.queryChunks) ? { sql: text.join(''), params } : null;
}

/**
 * Makes a drizzle database compile its raw statements with `compileRawSql` (its dialect is shared
 * by its transactions); any other statement, and the query builders', is compiled by drizzle.
 */
export function compileRawSqlFast(db: unknown): void {
  const dialect = (db as { dialect: PgDialect }).dialect;
  const drizzles = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (query, invokeSource) => (invokeSource === undefined ? compileRawSql(query) : null) ?? drizzles(query, invokeSource);
}
