import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** Document series: invoices, proformas and reception receipts are numbered apart. */
export type DocumentSeries = 'FAC' | 'PRO' | 'REC';

/**
 * The next number of a series for a shop and year (DECISIONS §4: sequential per shop and year,
 * without gap or reuse): one upsert on the counter row, in the transaction that writes the
 * document. The row stays locked until that transaction ends, so numbers are taken in commit
 * order and a rolled-back document gives its number back. Call it as late as possible in the
 * transaction: it is the hottest lock of a sale.
 */
export async function nextDocumentNumber(
  tx: Db,
  shopId: number,
  series: DocumentSeries,
  year: number,
): Promise<{ number: number; code: string }> {
  const [row] = rowsOf<{ last_number: number }>(
    await tx.execute(sql`
      insert into document_counters (shop_id, series, year, last_number) values (${shopId}, ${series}, ${year}, 1)
      on conflict (shop_id, series, year) do update set last_number = document_counters.last_number + 1
      returning last_number`),
  );
  const number = Number(row!.last_number);
  return { number, code: documentCode(series, year, number) };
}

/** `FAC-2026-000042`. */
export function documentCode(series: DocumentSeries, year: number, number: number): string {
  return `${series}-${year}-${String(number).padStart(6, '0')}`;
}
