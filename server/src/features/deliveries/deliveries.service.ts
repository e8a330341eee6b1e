import type { Delivery } from '@app/common/contracts/deliveries';
import type { Page } from '@app/common/contracts/paging';
import type { Language } from '@app/common/languages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { findInMyShops, visibleRecords, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { serializeInvoiceSummary } from '../payments/invoice-summary.service.js';
import { findDeliveryRow, listDeliveries, type DeliveryRow } from './deliveries.queries.js';

export function serializeDelivery(row: DeliveryRow, lang: Language): Delivery {
  return {
    idLivraison: row.delivery.id,
    facture: serializeInvoiceSummary(row, lang),
    chauffeure: { id: row.driver.id, nom: row.driver.nom, telephone: row.driver.telephone },
    nomChaufeur: row.driver.nom,
    user: { idUser: row.user.id, username: row.user.username },
    livre: row.delivery.cancelledAt === null,
    annule: row.delivery.cancelledAt !== null,
    createdAt: row.delivery.createdAt.toISOString(),
  };
}

/** One delivery of a shop as the API shows it. */
export async function getDelivery(db: Db, shopId: number, id: number, lang: Language): Promise<Delivery> {
  const row = await findDeliveryRow(db, shopId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return serializeDelivery(row, lang);
}

/** A delivery of one of the caller's shops (another shop's is NOT_FOUND). */
export async function findMyDelivery(db: Db, actor: Actor, id: number) {
  return (await findInMyShops(db, actor, deliveries, id)).row;
}

/**
 * Deliveries of the shop, newest first (cancelled ones too, shown as not delivered). Directors
 * see all; warehouse keepers their own (RECORD_SCOPES.deliveries). `ownOnly` forces the latter.
 */
export async function pageDeliveries(
  db: Db,
  ctx: ShopContext,
  input: { page: number; term?: string | undefined; ownOnly?: boolean },
  lang: Language,
): Promise<Page<Delivery>> {
  const author = input.ownOnly ? eq(deliveries.userId, ctx.userId) : visibleRecords(ctx, 'deliveries', deliveries.userId);
  const { rows, total } = await listDeliveries(db, ctx.shopId, { author, term: input.term, page: input.page });
  return toPage(
    rows.map((row) => serializeDelivery(row, lang)),
    total,
    input.page,
  );
}
