import type { BestClient } from '@app/common/contracts/deliveries';
import { dateRange, todayIn } from '@app/common/dates';
import { and, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, invoices, shops } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { PROFORMA_TYPE_ID } from '../payments/invoice-summary.service.js';

/**
 * Best clients (DECISIONS §6): the shop's clients ranked by the amount invoiced this calendar
 * year in the shop's time zone, proformas and deleted invoices left out.
 */
export async function bestClients(db: Db, ctx: ShopContext, now: Date = new Date()): Promise<BestClient[]> {
  const [shop] = await db.select({ timeZone: shops.timeZone }).from(shops).where(eq(shops.id, ctx.shopId));
  const year = todayIn(shop?.timeZone, now).slice(0, 4);
  const { start, end } = dateRange(`${year}-01-01`, `${year}-12-31`, shop?.timeZone);
  const montant = sql<number>`sum(${invoices.totalFcfa})::bigint`.mapWith(Number);
  const rows = await db
    .select({
      idClient: clients.id,
      nom: clients.nom,
      prenom: clients.prenom,
      telephone: clients.telephone,
      adresse: clients.adresse,
      montant,
      nombreFactures: sql<number>`count(*)::int`,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        eq(invoices.shopId, ctx.shopId),
        isNull(invoices.deletedAt),
        ne(invoices.typeId, PROFORMA_TYPE_ID),
        gte(invoices.createdAt, start),
        lt(invoices.createdAt, end),
      ),
    )
    .groupBy(clients.id)
    .orderBy(desc(montant), clients.nom)
    .limit(500);
  return rows;
}
