import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { rowsOf } from '../../db/rows.js';
import type { MovementKind } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { ShopContext } from '../../lib/access.js';

/**
 * The stock ledger: the only code that changes stock (DECISIONS §5, ARCHITECTURE "Data rules").
 * Each change updates the level of an (article, depot) and writes a movement, inside the
 * caller's transaction. Levels are locked in one fixed (depot, article) order before anything
 * changes, so that two sales of the same articles never deadlock; a decrement is one guarded
 * statement (`qty_in - qty_out >= n`), never read-then-write; and the table's CHECK is the last
 * guard. Available stock is therefore never negative, even under parallel requests.
 */

/**
 * One change of what is available of an article in a depot. `quantity` is the signed change of
 * the available quantity (+ adds, - takes). The kind says which column moves: a sale reversal
 * gives back what was sold (qty_out goes down), a reception reversal takes back what was received
 * (qty_in goes down); every other gain adds to qty_in and every other loss to qty_out.
 */
export type StockChange = {
  articleId: number;
  depotId: number;
  kind: MovementKind;
  quantity: number;
  /** The unit purchase price the movement records (a reception's line); none for the others. */
  unitCostFcfa?: number | null;
};

/**
 * The reasons the server writes on movements itself, stored as these words (the rows written
 * before keep them) and shown in the reader's language (movements.service.ts); a count's reason
 * is the words its user typed.
 */
export const STOCK_REASONS = {
  invoiceDeleted: 'invoice deleted',
  invoiceEdit: 'invoice edit',
  articleEdit: 'article edit',
} as const;

/** What caused the changes (stored on each movement). */
export type StockCause = {
  invoiceId?: number;
  receptionId?: number;
  transferId?: number;
  countId?: number;
  reason?: string | null;
};

export type AppliedChange = StockChange & { available: number };

type Delta = { articleId: number; depotId: number; inDelta: number; outDelta: number; need: number };

function deltaOf(change: StockChange): Delta {
  const { articleId, depotId, kind, quantity } = change;
  if (!Number.isSafeInteger(quantity) || quantity === 0) throw new Error(`stock change of ${quantity} units`);
  const n = Math.abs(quantity);
  if (quantity > 0) {
    return kind === 'sale_reversal'
      ? { articleId, depotId, inDelta: 0, outDelta: -n, need: 0 }
      : { articleId, depotId, inDelta: n, outDelta: 0, need: 0 };
  }
  return kind === 'reception_reversal'
    ? { articleId, depotId, inDelta: -n, outDelta: 0, need: n }
    : { articleId, depotId, inDelta: 0, outDelta: n, need: n };
}

const keyOf = (c: { articleId: number; depotId: number }) => `${c.depotId}:${c.articleId}`;

/**
 * Applies the changes in the caller's transaction, or throws without having changed anything
 * visible (the caller's transaction is then rolled back): INSUFFICIENT_STOCK (with the article,
 * what is available and what was asked) when a loss exceeds what is available, NOT_FOUND when an
 * article or depot is not of the shop. One change per (article, depot) per call.
 */
export async function applyStockChanges(
  tx: Db,
  ctx: ShopContext,
  changes: StockChange[],
  cause: StockCause = {},
): Promise<AppliedChange[]> {
  const applied = await changeStockLevels(tx, ctx, changes);
  await recordStockMovements(tx, ctx, applied, cause);
  return applied;
}

/**
 * The first half of `applyStockChanges`: the levels locked and changed, the movements not yet
 * written. The caller MUST write them with `recordStockMovements` in the same transaction (a
 * sale does, once its invoice exists, so that the sale's hottest rows are taken last).
 */
export async function changeStockLevels(tx: Db, ctx: ShopContext, changes: StockChange[]): Promise<AppliedChange[]> {
  if (changes.length === 0) return [];
  const sorted = [...changes].sort((a, b) => a.depotId - b.depotId || a.articleId - b.articleId);
  const keys = new Set(sorted.map(keyOf));
  if (keys.size !== sorted.length) throw new Error('one stock change per (article, depot) per call');
  const deltas = sorted.map(deltaOf);

  // Gains may open a level (an article entering a depot for the first time); anything not of
  // this shop inserts nothing and is refused below.
  await openLevels(tx, ctx, deltas.filter((d) => d.inDelta > 0));

  const rows = rowsOf<{ article_id: number; depot_id: number; available: number | string | null; changed: boolean }>(
    await tx.execute(prepared(sql`
      with ${levelChangeCtes(ctx, deltas)}
      select article_id, depot_id, null::bigint as available, false as changed from locked
      union all
      select article_id, depot_id, available, true as changed from changed`)),
  );
  const locked = rows.filter((r) => !r.changed);
  const lockedKeys = new Set(locked.map((r) => keyOf({ articleId: r.article_id, depotId: r.depot_id })));
  const missing = deltas.find((d) => !lockedKeys.has(keyOf(d)));
  if (missing) {
    if (missing.need > 0) await throwInsufficient(tx, ctx, missing, 0);
    throw new AppError('NOT_FOUND', { details: [{ articleId: missing.articleId, depotId: missing.depotId }] });
  }

  const updated = rows.filter((r) => r.changed);
  if (updated.length !== deltas.length) {
    const done = new Set(updated.map((r) => keyOf({ articleId: r.article_id, depotId: r.depot_id })));
    const refused = deltas.find((d) => !done.has(keyOf(d)))!;
    if (refused.need === 0) throw new Error(`stock reversal beyond what went out (article ${refused.articleId})`);
    await throwInsufficient(tx, ctx, refused);
  }

  const availableByKey = new Map(updated.map((r) => [keyOf({ articleId: r.article_id, depotId: r.depot_id }), Number(r.available)]));
  return sorted.map((change) => ({ ...change, available: availableByKey.get(keyOf(change))! }));
}

/**
 * A CTE holding the changes' articles FOR KEY SHARE, in id order, and the condition that makes the
 * levels' lock wait for it: the ledger takes an article before its levels, as a change of the
 * article's price does (FOR UPDATE, stock/article-costs.service.ts) and as the movements' foreign
 * key would anyway, later. Taken after the levels (by that foreign key, in the next statement), a
 * price change holding the article while it asks for the levels would wait in a circle with it
 * (PostgreSQL aborts one: 40P01). KEY SHARE does not hold back sales of the same article.
 */
function heldArticles(ctx: ShopContext, articleIds: readonly number[]): { cte: SQL; gate: SQL } {
  const ids = [...new Set(articleIds)].sort((a, b) => a - b);
  return {
    cte: sql`held_articles as (
        select id from articles where shop_id = ${ctx.shopId} and id in (${sql.join(
          ids.map((id) => sql`${id}::int`),
          sql`, `,
        )})
        order by id
        for key share)`,
    gate: sql`(select count(*) from held_articles) >= 0`,
  };
}

/**
 * The ledger's one guarded change as CTEs of a statement: the articles held first (`heldArticles`,
 * unless the caller's statement holds them, `articlesHeld`), then `locked`, every level concerned
 * locked in (depot, article) order (the LockRows node sits above the sort; `locked` is read whole,
 * by the update's one-time filter, before any row is changed), and `changed`, the guarded change
 * of each level, only when every level was found (and `onlyIf`, when given, holds). A level another
 * transaction changed while this one waited is changed in its newest version, the guard checked
 * again on it (READ COMMITTED's re-check of an UPDATE). `changed` answers each level's article,
 * depot, what is available after, and the movement's kind and signed quantity.
 */
function levelChangeCtes(ctx: ShopContext, deltas: (Delta & { kind?: MovementKind })[], onlyIf?: SQL, articlesHeld = false): SQL {
  const pairsSql = sql.join(
    deltas.map((d) => sql`(${d.articleId}::int, ${d.depotId}::int)`),
    sql`, `,
  );
  const held = articlesHeld ? null : heldArticles(ctx, deltas.map((d) => d.articleId));
  return sql`${held ? sql`${held.cte},
      ` : sql``}locked as (
        select article_id, depot_id from stock_levels
        where shop_id = ${ctx.shopId} and (article_id, depot_id) in (${pairsSql})${held ? sql` and ${held.gate}` : sql``}${onlyIf ? sql` and ${onlyIf}` : sql``}
        order by depot_id, article_id
        for update),
      changed as (
        update stock_levels s
        set qty_in = s.qty_in + v.in_delta, qty_out = s.qty_out + v.out_delta, updated_at = now()
        from (values ${sql.join(
          deltas.map(
            (d) => sql`(${d.articleId}::int, ${d.depotId}::int, ${d.inDelta}::int, ${d.outDelta}::int, ${d.need}::int, ${d.kind ?? null}::text)`,
          ),
          sql`, `,
        )}) as v(article_id, depot_id, in_delta, out_delta, need, kind)
        where (select count(*) from locked) = ${deltas.length}
          and s.shop_id = ${ctx.shopId} and s.article_id = v.article_id and s.depot_id = v.depot_id
          and s.qty_in - s.qty_out >= v.need and s.qty_out + v.out_delta >= 0
        returning s.article_id, s.depot_id, s.qty_in - s.qty_out as available, v.kind, v.in_delta - v.out_delta as quantity)`;
}

/**
 * A sale's stock taken by the caller's own statement (the till's one-statement write,
 * sales/invoice-writes.ts): the ledger's CTEs (`levelChangeCtes`, the same lock order and guard),
 * the condition that every level was taken (`allTaken`, for the caller to refuse the whole
 * statement on, never to write without), and the movements' INSERT reading the levels as changed,
 * each naming the invoice by an SQL expression. Only losses that must be available (sales).
 *
 * The depots' value rows (`depot_stock_values`) are changed right after the levels (`valued`), in
 * depot order, where the ledger's own statement takes them (its levels' trigger fires at that
 * statement's end): the caller's hot rows (the shop's counter) come after, and a sale of the older
 * path holding a depot's row while it waits for the counter would otherwise deadlock with this one.
 * `valued` adds the sale's stock out itself (its units, its articles left without stock, its worth at
 * the purchase price of `articles`, the caller's relation of the sale's articles held FOR KEY SHARE:
 * their newest version, the price a concurrent change serialized on), and marks the statement so
 * that the levels' trigger leaves it out (migration 0022): one upsert of the depot's row instead of
 * a lock then a trigger's upsert. `allTaken` holds only when every level was changed and every
 * depot's row written.
 */
export function stockTakeInStatement(
  ctx: ShopContext,
  changes: StockChange[],
  onlyIf: SQL,
  articles: SQL,
): { ctes: SQL; allTaken: SQL; movements: (cause: { invoiceIdSql: SQL }) => SQL } {
  if (changes.length === 0) throw new Error('no stock to take');
  const sorted = [...changes].sort((a, b) => a.depotId - b.depotId || a.articleId - b.articleId);
  if (new Set(sorted.map(keyOf)).size !== sorted.length) throw new Error('one stock change per (article, depot) per call');
  const deltas = sorted.map((c) => ({ ...deltaOf(c), kind: c.kind }));
  if (deltas.some((d) => d.need === 0)) throw new Error('only losses are taken in the caller\'s statement');
  const depots = new Set(deltas.map((d) => d.depotId)).size;
  return {
    // As the levels' trigger counts an UPDATE (migration 0010): the units and worth that left, and
    // a level that had stock and has none left is one article less in stock.
    ctes: sql`${levelChangeCtes(ctx, deltas, onlyIf, true)},
      valued as (
        insert into depot_stock_values as t (depot_id, shop_id, value_fcfa, articles, quantity)
        select c.depot_id, ${ctx.shopId}, sum(c.quantity::bigint * a.cost_fcfa),
          sum((c.available > 0)::int - (c.available - c.quantity > 0)::int), sum(c.quantity)
        from changed c join ${articles} a on a.id = c.article_id
        where (select count(*) from changed) = ${deltas.length}
          and (select set_config('boutiko.sale_stock_values', statement_timestamp()::text, true)) is not null
        group by c.depot_id
        order by c.depot_id
        on conflict (depot_id) do update set value_fcfa = t.value_fcfa + excluded.value_fcfa,
          articles = t.articles + excluded.articles, quantity = t.quantity + excluded.quantity
        returning depot_id)`,
    allTaken: sql`(select count(*) from valued) = ${depots}`,
    movements: ({ invoiceIdSql }) => sql`
    insert into stock_movements (shop_id, article_id, depot_id, kind, quantity, balance_after, user_id, invoice_id)
    select ${ctx.shopId}, c.article_id, c.depot_id, c.kind, c.quantity, c.available, ${ctx.userId}, ${invoiceIdSql} from changed c`,
  };
}

/** What a sale could not take out of a depot: the units its books did not hold (a stock discrepancy, DECISIONS §13). */
export type Shortfall = { articleId: number; depotId: number; quantity: number };

/**
 * `changeStockLevels` for a sale that is already a fact (an offline sale reaching the server,
 * DECISIONS §13): each sale loss takes what is available and no more, and what it could not take
 * is answered as a shortfall instead of INSUFFICIENT_STOCK. The levels are locked first (in the
 * ledger's order) and read under that lock, so the reduced decrements still go through the same
 * guarded statement: available stock never goes below zero. Only sale losses may be short.
 */
export async function changeStockLevelsTakingAvailable(
  tx: Db,
  ctx: ShopContext,
  changes: StockChange[],
): Promise<{ applied: AppliedChange[]; shortfalls: Shortfall[] }> {
  if (changes.some((c) => c.kind !== 'sale' || c.quantity >= 0)) throw new Error('only sale losses may be taken as available');
  const byDepot = new Map<number, number[]>();
  for (const c of changes) byDepot.set(c.depotId, [...(byDepot.get(c.depotId) ?? []), c.articleId]);
  const available = new Map<string, number>();
  for (const depotId of [...byDepot.keys()].sort((x, y) => x - y)) {
    for (const [articleId, n] of await lockAvailable(tx, ctx, depotId, byDepot.get(depotId)!)) available.set(keyOf({ articleId, depotId }), n);
  }
  const taken: StockChange[] = [];
  const shortfalls: Shortfall[] = [];
  for (const change of changes) {
    const want = -change.quantity;
    const take = Math.min(want, Math.max(0, available.get(keyOf(change)) ?? 0));
    if (take > 0) taken.push({ ...change, quantity: -take });
    if (take < want) shortfalls.push({ articleId: change.articleId, depotId: change.depotId, quantity: want - take });
  }
  // An article the depot never held gets its (empty) level, so that the stock lists and the count
  // screen show it at 0 and the manager can resolve the discrepancy by a count as well as a reception.
  await openLevels(tx, ctx, shortfalls);
  return { applied: await changeStockLevels(tx, ctx, taken), shortfalls };
}

/**
 * Empty levels for the (article, depot) pairs that have none, for a live article and a live depot
 * of the shop only (anything else inserts nothing).
 */
async function openLevels(tx: Db, ctx: ShopContext, wanted: readonly { articleId: number; depotId: number }[]): Promise<void> {
  if (wanted.length === 0) return;
  await tx.execute(sql`
    insert into stock_levels (shop_id, article_id, depot_id)
    select ${ctx.shopId}, a.id, d.id
    from (values ${pairs(wanted)}) as v(article_id, depot_id)
    join articles a on a.id = v.article_id and a.shop_id = ${ctx.shopId} and a.deleted_at is null
    join depots d on d.id = v.depot_id and d.shop_id = ${ctx.shopId} and d.deleted_at is null
    on conflict (article_id, depot_id) do nothing`);
}

/** The second half of `applyStockChanges`: one movement per applied change, with its cause. */
export async function recordStockMovements(tx: Db, ctx: ShopContext, applied: AppliedChange[], cause: StockCause = {}): Promise<void> {
  if (applied.length === 0) return;
  await tx.execute(stockMovementsInsert(ctx, applied, cause));
}

/**
 * The same movements as one INSERT to run inside the caller's own statement (a data-modifying CTE),
 * with the invoice named by an SQL expression (`invoiceIdSql`, e.g. the id the same statement
 * inserts): a sale writes its invoice, lines, movements and payments in one round trip. The
 * levels must have been changed by `changeStockLevels` in the same transaction.
 */
export function stockMovementsInsert(ctx: ShopContext, applied: AppliedChange[], cause: StockCause & { invoiceIdSql?: SQL } = {}): SQL {
  if (applied.length === 0) throw new Error('no stock movement to write');
  const invoiceId = cause.invoiceIdSql ?? sql`${cause.invoiceId ?? null}::int`;
  return sql`
    insert into stock_movements
      (shop_id, article_id, depot_id, kind, quantity, balance_after, user_id, invoice_id, reception_id, transfer_id, count_id, reason,
        unit_cost_fcfa)
    values ${sql.join(
      applied.map(
        (a) => sql`(${ctx.shopId}, ${a.articleId}, ${a.depotId}, ${a.kind}, ${a.quantity}, ${a.available}, ${ctx.userId},
          ${invoiceId}, ${cause.receptionId ?? null}::int, ${cause.transferId ?? null}::int, ${cause.countId ?? null}::int, ${cause.reason ?? null},
          ${a.unitCostFcfa ?? null}::bigint)`,
      ),
      sql`, `,
    )}`;
}

function pairs(deltas: readonly { articleId: number; depotId: number }[]): SQL {
  return sql.join(
    deltas.map((d) => sql`(${d.articleId}::int, ${d.depotId}::int)`),
    sql`, `,
  );
}

/** INSUFFICIENT_STOCK naming the article and what is available (the level is locked: this is exact). */
async function throwInsufficient(tx: Db, ctx: ShopContext, delta: Delta, knownAvailable?: number): Promise<never> {
  const [row] = rowsOf<{ designation: string | null; available: number | null }>(
    await tx.execute(sql`
      select a.designation, (select s.qty_in - s.qty_out from stock_levels s
        where s.article_id = a.id and s.depot_id = ${delta.depotId} and s.shop_id = ${ctx.shopId}) as available
      from articles a where a.id = ${delta.articleId} and a.shop_id = ${ctx.shopId}`),
  );
  if (!row) throw new AppError('NOT_FOUND', { details: [{ articleId: delta.articleId, depotId: delta.depotId }] });
  const available = knownAvailable ?? Number(row.available ?? 0);
  throw new AppError('INSUFFICIENT_STOCK', {
    params: { article: row.designation, available, requested: delta.need, count: available },
    details: [{ articleId: delta.articleId, depotId: delta.depotId, available, requested: delta.need }],
  });
}

/**
 * Sets the minimum of an article's stock in a depot (the red chip of DECISIONS §5). Not a
 * movement: no quantity changes. Opens the level when the article enters the depot for the first time.
 */
export async function setStockMinimum(tx: Db, ctx: ShopContext, articleId: number, depotId: number, stockMin: number): Promise<void> {
  const result = await tx.execute(sql`
    insert into stock_levels (shop_id, article_id, depot_id, stock_min)
    select ${ctx.shopId}, a.id, d.id, ${stockMin}
    from articles a join depots d on d.id = ${depotId} and d.shop_id = ${ctx.shopId} and d.deleted_at is null
    where a.id = ${articleId} and a.shop_id = ${ctx.shopId} and a.deleted_at is null
    on conflict (article_id, depot_id) do update set stock_min = excluded.stock_min, updated_at = now()
    returning id`);
  if (rowsOf(result).length === 0) throw new AppError('NOT_FOUND', { details: [{ articleId, depotId }] });
}

/**
 * Locks the levels of `articleIds` in a depot (their articles first, then the levels in the ledger's (depot, article) order) and
 * answers what is available of each, 0 where the article has no stock there yet. A stock count
 * reads what the books say under this lock, so that no sale slips between the reading and the
 * adjustment that `applyStockChanges` then writes in the same transaction.
 */
export async function lockAvailable(tx: Db, ctx: ShopContext, depotId: number, articleIds: number[]): Promise<Map<number, number>> {
  const available = new Map(articleIds.map((id) => [id, 0]));
  if (articleIds.length === 0) return available;
  const held = heldArticles(ctx, articleIds);
  const rows = rowsOf<{ article_id: number; available: number }>(
    await tx.execute(sql`
      with ${held.cte}
      select article_id, qty_in - qty_out as available from stock_levels
      where shop_id = ${ctx.shopId} and depot_id = ${depotId} and article_id in (${sql.join(
        articleIds.map((id) => sql`${id}::int`),
        sql`, `,
      )}) and ${held.gate}
      order by depot_id, article_id
      for update`),
  );
  for (const row of rows) available.set(Number(row.article_id), Number(row.available));
  return available;
}

/**
 * Units on hand of each article in every depot of the shop (0 for an article with no stock yet):
 * what a reception averages its purchase price with (DECISIONS §5). Read in the caller's
 * transaction, after the article rows are locked.
 */
export async function unitsOnHand(tx: Db, ctx: ShopContext, articleIds: number[]): Promise<Map<number, number>> {
  const onHand = new Map(articleIds.map((id) => [id, 0]));
  if (articleIds.length === 0) return onHand;
  const rows = rowsOf<{ article_id: number; units: string | number }>(
    await tx.execute(sql`
      select article_id, sum(qty_in - qty_out) as units from stock_levels
      where shop_id = ${ctx.shopId} and article_id in (${sql.join(
        articleIds.map((id) => sql`${id}::int`),
        sql`, `,
      )})
      group by article_id`),
  );
  for (const row of rows) onHand.set(Number(row.article_id), Number(row.units));
  return onHand;
}
