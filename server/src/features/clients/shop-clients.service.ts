import type { Page } from '@app/common/contracts/paging';
import type { ClientStatement, ShopClient, ShopClientInput } from '@app/common/contracts/shop-clients';
import { formatDate } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { formatFcfa } from '@app/common/money';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { clients, invoices } from '../../db/schema/index.js';
import { visibleRecords, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';
import { toPage } from '../../lib/paging.js';
import { createA4, sendPdf } from '../../lib/pdf/pdf-document.js';
import { drawTableDocument, drawTotals, totalsHeight, type PdfColumn } from '../../lib/pdf/pdf-parts.js';
import { findShopOf } from '../shops/shops.service.js';
import {
  clientInvoices,
  clientPayments,
  findShopClient,
  listShopClients,
  type ClientWithBalance,
} from './shop-clients.queries.js';

/** A shop's clients (seed 001 Client, §7), kept by directors, sellers and cashiers (DECISIONS §1). */

export function serializeShopClient(row: ClientWithBalance): ShopClient {
  const { client } = row;
  return {
    idClient: client.id,
    nom: client.nom,
    prenom: client.prenom,
    telephone: client.telephone,
    adresse: client.adresse,
    email: client.email,
    idFiscal: client.taxId,
    boutique: { idBoutique: client.shopId },
    solde: row.owed,
  };
}

export async function pageShopClients(
  db: Db,
  ctx: ShopContext,
  input: { page: number; term?: string | undefined },
): Promise<Page<ShopClient>> {
  const { rows, total } = await listShopClients(db, ctx.shopId, input);
  return toPage(rows.map(serializeShopClient), total, input.page);
}

export async function shopClients(db: Db, ctx: ShopContext): Promise<ShopClient[]> {
  const { rows } = await listShopClients(db, ctx.shopId);
  return rows.map(serializeShopClient);
}

/** A live client of one of the caller's shops; another shop's client is NOT_FOUND. */
export async function findMyClient(db: Db, actor: Actor, clientId: number): Promise<ClientWithBalance> {
  const row = await findShopClient(db, actor.shopIds, clientId);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** `ctx` is the shop the body names (`boutique`), checked by the auth hook. */
export async function createShopClient(db: Db, ctx: ShopContext, body: ShopClientInput): Promise<ShopClient> {
  const [client] = await db
    .insert(clients)
    .values({ shopId: ctx.shopId, nom: body.nom, prenom: body.prenom, telephone: body.telephone, adresse: body.adresse, taxId: body.idFiscal ?? null })
    .returning();
  return serializeShopClient({ client: client!, owed: 0 });
}

/** The client keeps its shop: the body's shop must be the client's (else NOT_FOUND). */
export async function updateShopClient(db: Db, ctx: ShopContext, clientId: number, body: ShopClientInput): Promise<ShopClient> {
  const existing = await findMyClient(db, ctx, clientId);
  if (existing.client.shopId !== ctx.shopId) throw new AppError('NOT_FOUND');
  const [client] = await db
    .update(clients)
    .set({ nom: body.nom, prenom: body.prenom, telephone: body.telephone, adresse: body.adresse, ...(body.idFiscal !== undefined ? { taxId: body.idFiscal } : {}) })
    .where(eq(clients.id, clientId))
    .returning();
  return serializeShopClient({ client: client!, owed: existing.owed });
}

/** Soft delete: invoices keep naming the client. */
export async function deleteShopClient(db: Db, actor: Actor, clientId: number): Promise<void> {
  await findMyClient(db, actor, clientId);
  await db.update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, clientId));
}

/**
 * A client's statement: their invoices (those the caller may see: DECISIONS §1), the payments
 * on them and what is still owed.
 */
export async function clientStatement(db: Db, actor: Actor, clientId: number, lang: Language): Promise<ClientStatement> {
  const found = await findMyClient(db, actor, clientId);
  const ctx: ShopContext = { ...actor, shopId: found.client.shopId };
  const author = visibleRecords(ctx, 'invoices', invoices.userId);
  const [invoiceRows, paymentRows] = await Promise.all([
    clientInvoices(db, ctx.shopId, clientId, author),
    clientPayments(db, ctx.shopId, clientId, author),
  ]);
  const real = invoiceRows.filter((r) => r.invoice.typeId !== 3);
  const totalFacture = real.reduce((sum, r) => sum + r.invoice.totalFcfa, 0);
  const totalPaye = real.reduce((sum, r) => sum + r.invoice.paidFcfa, 0);
  return {
    client: serializeShopClient(found),
    factures: invoiceRows.map(({ invoice, typeLibelle, typeLibelleEn }) => ({
      idFacture: invoice.id,
      codeFac: invoice.code,
      typeFacture: { idTypeFacture: invoice.typeId, libelle: lang === 'en' && typeLibelleEn ? typeLibelleEn : typeLibelle },
      montantFacture: invoice.totalFcfa,
      montantPaye: invoice.paidFcfa,
      reste: invoice.remainingFcfa,
      solde: invoice.settled,
      createdAt: invoice.createdAt.toISOString(),
      file: `facture-${invoice.id}.pdf`,
    })),
    paiements: paymentRows.map(({ payment, code }) => ({
      idPaiement: payment.id,
      idFacture: payment.invoiceId,
      codeFac: code,
      methode: payment.method,
      montant: payment.appliedFcfa,
      datePaiement: payment.createdAt.toISOString(),
    })),
    totalFacture,
    totalPaye,
    solde: totalFacture - totalPaye,
  };
}

/** GET /api/client/boutique/imprimer/{b} (directors): every client of the shop with what they owe, as an A4 PDF. */
export async function printShopClients(db: Db, ctx: ShopContext, reply: FastifyReply, lang: Language): Promise<FastifyReply> {
  const shop = await findShopOf(db, ctx);
  const { rows } = await listShopClients(db, ctx.shopId);
  const t = translator(lang);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`pdf.${key}`, { ns: 'shop-clients', ...params });
  const columns: PdfColumn<ClientWithBalance>[] = [
    { header: k('nom'), width: 2.5, value: (r) => r.client.nom },
    { header: k('prenom'), width: 2.5, value: (r) => r.client.prenom },
    { header: k('telephone'), width: 2, value: (r) => r.client.telephone },
    { header: k('adresse'), width: 3, value: (r) => r.client.adresse },
    { header: k('solde'), width: 2, align: 'right', value: (r) => formatFcfa(r.owed, { forPdf: true }) },
  ];
  const owed = rows.reduce((sum, r) => sum + r.owed, 0);
  const printed = formatDate(new Date(), { lang, timeZone: shop.timeZone, format: 'dateTime' });
  const doc = createA4({ title: k('title') });
  return sendPdf(
    reply,
    `clients-${shop.nom}`,
    async (d) => {
      const y = await drawTableDocument(d, {
        shop: { nom: shop.nom, adresse: shop.adresse, telephone: shop.telephone },
        heading: { title: k('title'), lines: [k('printed', { date: printed }), k('count', { count: rows.length })] },
        columns,
        rows,
        rowCount: rows.length,
        footer: (page, pages) => k('page', { page, pages }),
        emptyText: k('empty'),
        reserveAtEnd: totalsHeight(1),
      });
      drawTotals(d, y, [{ label: k('totalOwed'), value: formatFcfa(owed, { forPdf: true }), bold: true }]);
    },
    doc,
  );
}
