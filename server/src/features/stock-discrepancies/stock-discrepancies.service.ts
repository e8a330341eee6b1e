import type { Page } from '@app/common/contracts/paging';
import type { OfflineSaleReview, StockDiscrepancy } from '@app/common/contracts/stock-discrepancies';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { articles, depots, invoiceLines, invoices, stockDiscrepancies, users } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { likePattern, pageWindow, toPage } from '../../lib/paging.js';

/** The manager's review of offline sales (DECISIONS §13): read only, the shop's rows only. */

const resolver = alias(users, 'resolver');

/** GET /api/ecarts/boutique/{b}/{p}: the shop's stock discrepancies, open ones first, newest first. */
export async function pageDiscrepancies(
  db: Db,
  ctx: ShopContext,
  page: number,
  options: { openOnly: boolean; term?: string | undefined },
): Promise<Page<StockDiscrepancy>> {
  const term = options.term?.trim();
  const pattern = term ? likePattern(term) : undefined;
  const where = and(
    eq(stockDiscrepancies.shopId, ctx.shopId),
    options.openOnly ? isNull(stockDiscrepancies.resolvedAt) : undefined,
    // The term in the article's name, the sale's number or its provisional reference.
    pattern
      ? sql`(exists (select 1 from ${articles} a where a.id = ${stockDiscrepancies.articleId} and a.designation ilike ${pattern})
          or exists (select 1 from ${invoices} i where i.id = ${stockDiscrepancies.invoiceId} and (i.code ilike ${pattern} or i.ticket_ref ilike ${pattern})))`
      : undefined,
  );
  const { limit, offset } = pageWindow(page);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        d: stockDiscrepancies,
        article: { id: articles.id, designation: articles.designation },
        depot: { id: depots.id, libelle: depots.libelle },
        invoice: { id: invoices.id, code: invoices.code, ticketRef: invoices.ticketRef },
        resolver: { id: resolver.id, username: resolver.username, nom: resolver.nom, prenom: resolver.prenom },
      })
      .from(stockDiscrepancies)
      .innerJoin(articles, eq(articles.id, stockDiscrepancies.articleId))
      .innerJoin(depots, eq(depots.id, stockDiscrepancies.depotId))
      .innerJoin(invoices, eq(invoices.id, stockDiscrepancies.invoiceId))
      .leftJoin(resolver, eq(resolver.id, stockDiscrepancies.resolvedBy))
      .where(where)
      .orderBy(sql`${stockDiscrepancies.resolvedAt} is not null`, desc(stockDiscrepancies.createdAt), desc(stockDiscrepancies.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(stockDiscrepancies).where(where),
  ]);
  const data = rows.map(({ d, article, depot, invoice, resolver: by }) => ({
    idEcart: d.id,
    article: { idArticle: article.id, designation: article.designation },
    depot: { idDepot: depot.id, libelle: depot.libelle },
    quantite: d.quantity,
    couvert: d.covered,
    facture: { idFacture: invoice.id, codeFac: invoice.code, refTicket: invoice.ticketRef },
    createdAt: d.createdAt.toISOString(),
    resoluLe: d.resolvedAt?.toISOString() ?? null,
    resoluPar: by ? { idUser: by.id, username: by.username, nom: by.nom, prenom: by.prenom } : null,
    resolution: d.resolution === null ? null : d.resolution === 'count' ? ('inventaire' as const) : ('reception' as const),
    idReception: d.receptionId,
    idComptage: d.countId,
  }));
  return toPage(data, Number(count?.n ?? 0), page);
}

/** Offline sales late or with a changed price: the condition on `invoices` alone. */
const toReview = (shopId: number, pattern: string | undefined) =>
  and(
    eq(invoices.shopId, shopId),
    pattern ? or(sql`${invoices.code} ilike ${pattern}`, sql`${invoices.ticketRef} ilike ${pattern}`) : undefined,
    isNull(invoices.deletedAt),
    isNotNull(invoices.ticketRef),
    or(
      isNotNull(invoices.lateSoldAt),
      sql`exists (select 1 from ${invoiceLines} l where l.invoice_id = ${invoices.id} and l.list_price_fcfa is not null)`,
    ),
  );

/** GET /api/ecarts/ventes/boutique/{b}/{p}: the shop's late offline sales and those charged at another price, newest first. */
export async function pageOfflineSalesToReview(db: Db, ctx: ShopContext, page: number, term?: string): Promise<Page<OfflineSaleReview>> {
  const trimmed = term?.trim();
  const where = toReview(ctx.shopId, trimmed ? likePattern(trimmed) : undefined);
  const { limit, offset } = pageWindow(page);
  const [rows, [count]] = await Promise.all([
    db
      .select({ invoice: invoices, seller: { id: users.id, username: users.username, nom: users.nom, prenom: users.prenom } })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(invoices).where(where),
  ]);
  const ids = rows.map((r) => r.invoice.id);
  const changed =
    ids.length === 0
      ? []
      : await db
          .select({
            invoiceId: invoiceLines.invoiceId,
            articleId: invoiceLines.articleId,
            designation: articles.designation,
            quantity: invoiceLines.quantity,
            price: invoiceLines.unitPriceFcfa,
            listPrice: invoiceLines.listPriceFcfa,
          })
          .from(invoiceLines)
          .innerJoin(articles, eq(articles.id, invoiceLines.articleId))
          .where(and(inArray(invoiceLines.invoiceId, ids), isNotNull(invoiceLines.listPriceFcfa)));
  const data = rows.map(({ invoice, seller }) => ({
    idFacture: invoice.id,
    codeFac: invoice.code,
    refTicket: invoice.ticketRef,
    montantFacture: invoice.totalFcfa,
    createdAt: invoice.createdAt.toISOString(),
    vendueLe: invoice.lateSoldAt?.toISOString() ?? null,
    enRetard: invoice.lateSoldAt !== null,
    user: { idUser: seller.id, username: seller.username, nom: seller.nom, prenom: seller.prenom },
    prixModifies: changed
      .filter((l) => l.invoiceId === invoice.id)
      .map((l) => ({ idArticle: l.articleId, designation: l.designation, nombre: l.quantity, prix: l.price, prixActuel: l.listPrice! })),
  }));
  return toPage(data, Number(count?.n ?? 0), page);
}
