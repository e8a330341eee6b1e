import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A whole number read from the database, as a JS number. Drivers differ: node-postgres gives
 * int8 as a number (the parser set in `client.ts`) and numeric as text; PGlite gives int8 as a
 * number, or a BigInt beyond 2^53, and numeric as text. A value a number cannot hold exactly is
 * an error, never a rounded amount.
 */
export function toSafeInteger(value: unknown): number {
  const number = typeof value === 'bigint' || typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw new RangeError(`not a whole number a JS number holds exactly: ${String(value)}`);
  }
  return number;
}

/**
 * The sum of a money column or expression (whole FCFA), as a number; 0 over no rows.
 *
 * PostgreSQL's `sum()` of a bigint is `numeric`, which both drivers return as text. The sum is
 * cast back to bigint here rather than parsing every `numeric` as a number with a driver type
 * parser, because such a parser would be global (node-postgres' `types` are process-wide, PGlite
 * has its own) and would silently round any other numeric the app reads later (an average, a
 * ratio, a decimal quantity). The cast keeps the SQL type honest (a sum beyond bigint is a
 * database error, not a wrong total) and `toSafeInteger` refuses what a JS number cannot hold.
 */
export function sumFcfa(amount: SQLWrapper) {
  return sql<number>`coalesce(sum(${amount}), 0)::bigint`.mapWith(toSafeInteger);
}
