import type { MovementType } from '@app/common/contracts/stock';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { toSafeInteger } from '../../db/sums.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

/** Reads of the stock movements of a shop (the seeds' inventaire), newest first. */

export type MovementRow = {
  id: number;
  kind: MovementType;
  quantity: number;
  balance_after: number;
  reason: string | null;
  created_at: Date | string;
  article_id: number;
  designation: string;
  price_fcfa: number;
  description: string | null;
  category_libelle: string | null;
  depot_id: number;
  depot_libelle: string;
  user_id: number | null;
  username: string | null;
  nom: string | null;
  prenom: string | null;
};

const SELECT = sql`
  select m.id, m.kind, m.quantity, m.balance_after, m.reason, m.created_at,
    a.id as article_id, a.designation, a.price_fcfa, a.description, c.libelle as category_libelle,
    d.id as depot_id, d.libelle as depot_libelle, u.id as user_id, u.username, u.nom, u.prenom`;

const FROM = sql`
  from stock_movements m
  join articles a on a.id = m.article_id and a.shop_id = m.shop_id
  join depots d on d.id = m.depot_id and d.shop_id = m.shop_id
  left join categories c on c.id = a.category_id
  left join users u on u.id = m.user_id`;

/** `kinds`: movement kinds whose label (in the caller's language) matches the search term. */
function whereOf(shopId: number, term: string | undefined, kinds: MovementType[]): SQL {
  const conditions: SQL[] = [sql`m.shop_id = ${shopId}`];
  const trimmed = term?.trim();
  if (trimmed) {
    const pattern = likePattern(trimmed);
    const byKind = kinds.length > 0 ? sql` or m.kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})` : sql``;
    conditions.push(sql`(a.designation ilike ${pattern} or c.libelle ilike ${pattern} or a.barcode ilike ${pattern}
      or d.libelle ilike ${pattern} or u.username ilike ${pattern} or (u.prenom || ' ' || u.nom) ilike ${pattern}
      or (u.nom || ' ' || u.prenom) ilike ${pattern} or m.reason ilike ${pattern}${byKind})`);
  }
  return sql`where ${sql.join(conditions, sql` and `)}`;
}

const toRow = (r: MovementRow): MovementRow => ({
  ...r,
  id: toSafeInteger(r.id),
  quantity: toSafeInteger(r.quantity),
  balance_after: toSafeInteger(r.balance_after),
  price_fcfa: toSafeInteger(r.price_fcfa),
});

export async function pageMovements(db: Db, shopId: number, options: { page: number; term?: string; kinds: MovementType[] }) {
  const { limit, offset } = pageWindow(options.page);
  const where = whereOf(shopId, options.term, options.kinds);
  const [rows, counted] = await Promise.all([
    db.execute(sql`${SELECT} ${FROM} ${where} order by m.created_at desc, m.id desc limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as n ${FROM} ${where}`),
  ]);
  return { rows: rowsOf<MovementRow>(rows).map(toRow), total: toSafeInteger(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) };
}

export async function listMovements(db: Db, shopId: number) {
  return rowsOf<MovementRow>(await db.execute(sql`${SELECT} ${FROM} ${whereOf(shopId, undefined, [])} order by m.created_at desc, m.id desc`)).map(
    toRow,
  );
}
