import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { rowsOf } from '../../db/rows.js';
import { toSafeInteger } from '../../db/sums.js';
import { articles, clients, depots, invoices } from '../../db/schema/index.js';
import { clientIdLock } from '../../lib/once.js';

/** What a sale, an edit or a conversion reads of the shop before it writes. */

/** Live articles of the shop among `ids`, with their current prices (locked against a concurrent price change). */
export async function articlesForSale(db: Db, shopId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: articles.id, designation: articles.designation, priceFcfa: articles.priceFcfa, costFcfa: articles.costFcfa })
    .from(articles)
    .where(and(eq(articles.shopId, shopId), inArray(articles.id, ids), isNull(articles.deletedAt)));
}

/**
 * What VAT makes of an invoice's total when it is priced again (an edit, issue 21): the articles'
 * rates and the shop's legal identity row, in the shapes saleRefs reads them for a sale.
 */
export async function vatRefsOf(db: Db, shopId: number, ids: number[]) {
  const vatArticles =
    ids.length === 0
      ? []
      : await db
          .select({ id: articles.id, vatDefault: articles.vatDefault, vatRateBp: articles.vatRateBp })
          .from(articles)
          .where(and(eq(articles.shopId, shopId), inArray(articles.id, ids)));
  const [row] = rowsOf<{ identity: unknown }>(
    await db.execute(sql`select row_to_json(l) as identity from shop_legal_identities l where l.shop_id = ${shopId}`),
  );
  return { articles: vatArticles, identity: row?.identity ?? null };
}

export async function liveDepot(db: Db, shopId: number, depotId: number) {
  const [row] = await db
    .select({ id: depots.id })
    .from(depots)
    .where(and(eq(depots.id, depotId), eq(depots.shopId, shopId), isNull(depots.deletedAt)));
  return row;
}

export async function liveClient(db: Db, shopId: number, clientId: number) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.shopId, shopId), isNull(clients.deletedAt)));
  return row;
}

export async function invoiceByKey(db: Db, shopId: number, key: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.shopId, shopId), eq(invoices.idempotencyKey, key), isNotNull(invoices.idempotencyKey)));
  return row;
}

export type SaleRefs = {
  type: { id: number; libelle: string; libelleEn: string | null } | null;
  depot: { id: number; libelle: string } | null;
  client: { id: number; nom: string; prenom: string; taxId?: string | null; adresse?: string | null } | null;
  articles: { id: number; designation: string; priceFcfa: number; costFcfa: number; vatDefault: boolean; vatRateBp: number | null }[];
  timeZone: string | null;
  /** What the issued document shows of the shop (issue 21): its name, address, phone and legal identity row (or null). */
  shop: { nom: string; adresse: string; telephone: string } | null;
  identity: unknown;
  /** Asked with `till` (POST /api/ventes): the invoice already stored under the device's id, or null. */
  storedId: number | null;
  /**
   * Asked with `till`: the register the sale's payments go to (the chosen one, or the shop's
   * default), live, share-locked so that its day cannot be closed until the sale commits, with
   * its closed days from the day before the sale's UTC day on (YYYY-MM-DD); null when none is.
   */
  register: { id: number; libelle: string; closedDays: string[] } | null;
};

/**
 * What a new sale reads before it writes, in one statement: its type (built in, or the shop's
 * own, not deleted), its depot and client (live, of the shop), its articles with their current
 * prices (live, of the shop) and the shop's time zone. Each is null (or left out) when it is not
 * the shop's, exactly as the separate lookups (`findUsableInvoiceType`, `liveDepot`,
 * `liveClient`, `articlesForSale`, `shopOf`) answer. The articles are locked FOR KEY SHARE (what
 * the lines' foreign key takes anyway, later): before the stock levels, as an article edit takes the
 * article then its levels, so that a sale and a price or quantity edit never wait on each other.
 */
export async function saleRefs(
  db: Db,
  shopId: number,
  input: {
    typeId: number;
    depotId: number;
    clientId: number | null;
    articleIds: number[];
    /**
     * The till's sale (recordSale): its device id and its register (null: the shop's default),
     * claimed by this statement (migration 0018 `sale_claim`: the id's lock, the register's share
     * lock, then the invoice stored under the id and the register's closed days, each read after
     * the locks), so that the sale takes its locks and reads everything in one round trip.
     */
    till?: { key: string; /** The register chosen, or null for the shop's default. */ registerId: number | null; soldAt: Date };
    /**
     * false: nothing locked, neither the articles nor the id and the register (the till's online
     * sale, whose write is one statement that takes its own locks and checks again under them,
     * record-sale's `recordOnlineSale`): a read-only statement, which writes nothing to the
     * database's log and needs no commit. Default true.
     */
    lock?: boolean;
  },
): Promise<SaleRefs> {
  const ids = input.articleIds.length > 0 ? input.articleIds : [0];
  const till = input.till;
  // The closed days the sale can need: its own day in the shop's zone (within a day of its UTC
  // day) and, offline, the days after it (late-sale.ts placeOnOpenDay).
  const locking = input.lock !== false;
  const lock = till ? clientIdLock({ kind: 'sale', shopId, key: till.key }) : null;
  const closedFrom = till ? sql`(${till.soldAt.toISOString()}::timestamptz at time zone 'UTC')::date - 1` : sql``;
  const tillColumn =
    till && lock && locking
      ? sql`,
        sale_claim(${shopId}, ${lock.lockClass}, ${lock.key}, ${till.key}, ${till.registerId}::int, ${closedFrom}) as till`
      : till
        ? // What sale_claim answers, read without its locks.
          sql`,
        json_build_object(
          'storedId', (select i.id from invoices i where i.shop_id = ${shopId} and i.idempotency_key = ${till.key}),
          'register', (select json_build_object('id', r.id, 'libelle', r.libelle, 'closedDays', coalesce((
              select json_agg(to_char(c.business_date, 'YYYY-MM-DD')) from cash_closings c
              where c.shop_id = ${shopId} and c.cash_register_id = r.id and c.business_date >= ${closedFrom}), '[]'::json))
            from cash_registers r
            where r.shop_id = ${shopId} and r.deleted_at is null
              and case when ${till.registerId}::int is null then r.is_default else r.id = ${till.registerId}::int end
            order by r.id limit 1)) as till`
        : sql``;
  const [row] = rowsOf<{
    type: unknown;
    depot: unknown;
    client: unknown;
    articles: unknown;
    time_zone: string | null;
    shop: unknown;
    identity: unknown;
    till?: unknown;
  }>(
    await db.execute(prepared(sql`
      select
        (select json_build_object('id', t.id, 'libelle', t.libelle, 'libelleEn', t.libelle_en) from invoice_types t
          where t.id = ${input.typeId} and t.deleted_at is null and (t.shop_id is null or t.shop_id = ${shopId})) as type,
        (select json_build_object('id', d.id, 'libelle', d.libelle) from depots d
          where d.id = ${input.depotId} and d.shop_id = ${shopId} and d.deleted_at is null) as depot,
        (select json_build_object('id', c.id, 'nom', c.nom, 'prenom', c.prenom, 'taxId', c.tax_id, 'adresse', c.adresse) from clients c
          where c.id = ${input.clientId ?? 0} and c.shop_id = ${shopId} and c.deleted_at is null) as client,
        (select json_agg(json_build_object('id', a.id, 'designation', a.designation, 'priceFcfa', a.price_fcfa, 'costFcfa', a.cost_fcfa,
            'vatDefault', a.vat_default, 'vatRateBp', a.vat_rate_bp))
          from (select a.id, a.designation, a.price_fcfa, a.cost_fcfa, a.vat_default, a.vat_rate_bp from articles a
            where a.shop_id = ${shopId} and a.id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) and a.deleted_at is null${locking ? sql`
            for key share` : sql``}) a) as articles,
        (select s.time_zone from shops s where s.id = ${shopId}) as time_zone,
        (select json_build_object('nom', s.nom, 'adresse', s.adresse, 'telephone', s.telephone) from shops s where s.id = ${shopId}) as shop,
        (select row_to_json(l) from shop_legal_identities l where l.shop_id = ${shopId}) as identity${tillColumn}`)),
  );
  const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
  const articlesFound = json<SaleRefs['articles'] | null>(row?.articles) ?? [];
  const claimed = json<{ storedId: number | string | null; register: SaleRefs['register'] } | null>(row?.till ?? null);
  return {
    type: json<SaleRefs['type']>(row?.type ?? null),
    depot: json<SaleRefs['depot']>(row?.depot ?? null),
    client: input.clientId === null ? null : json<SaleRefs['client']>(row?.client ?? null),
    articles: articlesFound.map((a) => ({ ...a, priceFcfa: toSafeInteger(a.priceFcfa), costFcfa: toSafeInteger(a.costFcfa) })),
    timeZone: row?.time_zone ?? null,
    shop: json<SaleRefs['shop']>(row?.shop ?? null),
    identity: json<unknown>(row?.identity ?? null),
    storedId: claimed?.storedId === null || claimed?.storedId === undefined ? null : Number(claimed.storedId),
    register: claimed?.register ?? null,
  };
}
