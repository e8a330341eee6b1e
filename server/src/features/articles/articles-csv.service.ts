import { Readable } from 'node:stream';
import type { ImportArticlesBody, ImportResult } from '@app/common/contracts/articles';
import { MAX_QUANTITY } from '@app/common/contracts/articles';
import { MAX_AMOUNT_FCFA } from '@app/common/money';
import type { Language } from '@app/common/languages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { depots } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';
import { categoryNamed } from '../categories/categories.service.js';
import { takenBarcodes } from './articles.queries.js';
import { insertArticle } from './articles.service.js';
import { csvLine, parseCsv } from './csv.js';

/** Columns of the export: the seed's names, so that an exported file can be imported again. */
const EXPORT_COLUMNS = [
  'designation',
  'categorie',
  'depot',
  'prix',
  'prixAchat',
  'stockMin',
  'quantiteEntree',
  'quantiteSortie',
  'quantite',
  'codeBarre',
  'description',
];
const EXPORT_BATCH = 1000;

type ExportRow = {
  id: number;
  designation: string;
  categorie: string | null;
  depot: string;
  prix: number;
  prix_achat: number;
  stock_min: number;
  qty_in: number;
  qty_out: number;
  barcode: string | null;
  description: string | null;
};

/**
 * The shop's stock list as CSV (one line per article and depot), streamed: entries are read by
 * keyset batches of EXPORT_BATCH, so 100k entries never sit in memory at once.
 */
export function exportArticles(db: Db, ctx: ShopContext): Readable {
  async function* lines() {
    yield `\ufeff${csvLine(EXPORT_COLUMNS)}`;
    let after = 0;
    for (;;) {
      const rows = rowsOf<ExportRow>(
        await db.execute(sql`
          select s.id, a.designation, c.libelle as categorie, d.libelle as depot, a.price_fcfa as prix, a.cost_fcfa as prix_achat,
            s.stock_min, s.qty_in, s.qty_out, a.barcode, a.description
          from stock_levels s
          join articles a on a.id = s.article_id and a.deleted_at is null
          join depots d on d.id = s.depot_id and d.deleted_at is null
          left join categories c on c.id = a.category_id and c.deleted_at is null
          where s.shop_id = ${ctx.shopId} and s.id > ${after}
          order by s.id
          limit ${EXPORT_BATCH}`),
      );
      if (rows.length === 0) return;
      yield rows
        .map((r) =>
          csvLine([
            r.designation,
            r.categorie,
            r.depot,
            Number(r.prix),
            Number(r.prix_achat),
            Number(r.stock_min),
            Number(r.qty_in),
            Number(r.qty_out),
            Number(r.qty_in) - Number(r.qty_out),
            r.barcode,
            r.description,
          ]),
        )
        .join('');
      after = Number(rows[rows.length - 1]!.id);
    }
  }
  return Readable.from(lines());
}

/** At most this many articles per import (one transaction). */
export const MAX_IMPORT_ROWS = 5000;
const REQUIRED_COLUMNS = ['designation', 'prix', 'prixAchat', 'quantite'] as const;

type ParsedRow = ImportResult['rows'][number] & { description: string | null };

function wholeNumber(text: string | undefined, max: number): number | null {
  const t = (text ?? '').trim().replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= max ? n : null;
}

/**
 * Checks a CSV of articles with their initial stock (the preview), and with `apply` creates them
 * all in the depot in one transaction, each through the articles service (article, entry, first
 * movement). Every bad row is reported with its line and reason; when any row is bad nothing is
 * written (IMPORT_INVALID). Categories are found by label, and created when new.
 */
export async function importArticles(db: Db, ctx: ShopContext, body: ImportArticlesBody, lang: Language): Promise<ImportResult> {
  const t = translator(lang);
  const reason = (key: string, params: Record<string, unknown> = {}) => t(`articles:import.reasons.${key}`, params);
  const [depot] = await db
    .select({ id: depots.id })
    .from(depots)
    .where(and(eq(depots.id, body.depot), eq(depots.shopId, ctx.shopId), isNull(depots.deletedAt)));
  if (!depot) throw new AppError('NOT_FOUND', { details: [{ field: 'depot' }] });

  const [header, ...records] = parseCsv(body.csv);
  const errors: ImportResult['errors'] = [];
  const columns = (header?.fields ?? []).map((name) => name.trim());
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (!header || missing.length > 0) {
    errors.push({ line: 1, reason: reason('columns', { columns: missing.join(', ') || REQUIRED_COLUMNS.join(', ') }) });
    return failOrPreview(body, [], errors);
  }
  if (records.length === 0) errors.push({ line: 1, reason: reason('empty') });
  if (records.length > MAX_IMPORT_ROWS) {
    errors.push({ line: records[MAX_IMPORT_ROWS]!.line, reason: reason('tooMany', { max: MAX_IMPORT_ROWS }) });
    return failOrPreview(body, [], errors);
  }
  const cell = (fields: string[], name: string) => {
    const index = columns.indexOf(name);
    return index < 0 ? undefined : fields[index];
  };

  const rows: ParsedRow[] = [];
  const seenBarcodes = new Map<string, number>();
  for (const { line, fields } of records) {
    const designation = (cell(fields, 'designation') ?? '').trim();
    const categorie = (cell(fields, 'categorie') ?? '').trim() || null;
    const codeBarre = (cell(fields, 'codeBarre') ?? '').trim() || null;
    const description = (cell(fields, 'description') ?? '').trim() || null;
    const prix = wholeNumber(cell(fields, 'prix'), MAX_AMOUNT_FCFA);
    const prixAchat = wholeNumber(cell(fields, 'prixAchat'), MAX_AMOUNT_FCFA);
    const stockMinText = cell(fields, 'stockMin');
    const stockMin = stockMinText === undefined || stockMinText.trim() === '' ? 0 : wholeNumber(stockMinText, MAX_QUANTITY);
    const quantite = wholeNumber(cell(fields, 'quantite'), MAX_QUANTITY);
    const problems: string[] = [];
    if (!designation) problems.push(reason('designation'));
    else if (designation.length > 200) problems.push(reason('tooLong', { field: 'designation' }));
    if (categorie && categorie.length > 120) problems.push(reason('tooLong', { field: 'categorie' }));
    if (prix === null) problems.push(reason('number', { field: 'prix' }));
    if (prixAchat === null) problems.push(reason('number', { field: 'prixAchat' }));
    if (stockMin === null) problems.push(reason('number', { field: 'stockMin' }));
    if (quantite === null) problems.push(reason('number', { field: 'quantite' }));
    if (codeBarre) {
      if (codeBarre.length > 64 || !/^[0-9A-Za-z._\-/+ ]+$/.test(codeBarre)) problems.push(reason('barcode'));
      else if (seenBarcodes.has(codeBarre)) problems.push(reason('barcodeTwice', { line: seenBarcodes.get(codeBarre) }));
      else seenBarcodes.set(codeBarre, line);
    }
    if (problems.length > 0) errors.push({ line, reason: problems.join(' ') });
    else
      rows.push({
        line,
        designation,
        categorie,
        codeBarre,
        description,
        prix: prix!,
        prixAchat: prixAchat!,
        stockMin: stockMin!,
        quantite: quantite!,
      });
  }
  const taken = await takenBarcodes(db, ctx.shopId, [...seenBarcodes.keys()]);
  for (const row of rows) {
    if (row.codeBarre && taken.has(row.codeBarre)) errors.push({ line: row.line, reason: reason('barcodeTaken') });
  }
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0 || !body.apply) return failOrPreview(body, rows, errors);

  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, number>();
    for (const row of rows) {
      let categoryId: number | null = null;
      if (row.categorie) {
        const key = row.categorie.toLowerCase();
        if (!categoryIds.has(key)) categoryIds.set(key, await categoryNamed(tx, ctx, row.categorie));
        categoryId = categoryIds.get(key)!;
      }
      await insertArticle(tx, ctx, {
        designation: row.designation,
        description: row.description,
        prix: row.prix,
        prixAchat: row.prixAchat,
        categorie: categoryId,
        fournisseur: null,
        codeBarre: row.codeBarre,
        depot: depot.id,
        stockMin: row.stockMin,
        quantite: row.quantite,
      });
    }
  });
  return { rows: rows.map(publicRow), errors: [], created: rows.length };
}

const publicRow = ({ description: _description, ...row }: ParsedRow) => row;

function failOrPreview(body: ImportArticlesBody, rows: ParsedRow[], errors: ImportResult['errors']): ImportResult {
  if (body.apply && errors.length > 0) throw new AppError('IMPORT_INVALID', { details: errors });
  return { rows: rows.map(publicRow), errors, created: 0 };
}
