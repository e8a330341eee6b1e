import type { Db } from '../db/client.js';
import { clients, drivers, invoiceLines, invoices } from '../db/schema/index.js';
import { shopContext } from '../lib/access.js';
import { nextDocumentNumber } from '../features/numbering/numbering.service.js';
import { applyStockChanges } from '../features/stock/stock-ledger.service.js';
import { accountOfShop, actorOf } from './factories.js';
import { createArticle } from './trading-factories.js';

let counter = 0;

/**
 * An invoice of the depot's shop sold by `sellerId` (the account's director by default): one
 * line of a new article, taken out of the depot through the ledger and numbered, as a sale does.
 * `typeId` 3 makes a proforma (no stock, PRO- number).
 * TODO(invoices): once features/invoices/invoices.service.ts is on main, call its createInvoice.
 */
export async function createTestInvoice(
  db: Db,
  depot: { id: number; shopId: number },
  options: {
    sellerId?: number;
    totalFcfa?: number;
    discountFcfa?: number;
    typeId?: number;
    clientId?: number | null;
    createdAt?: Date;
  } = {},
) {
  const sellerId = options.sellerId ?? (await accountOfShop(db, depot.shopId));
  const ctx = shopContext(await actorOf(db, sellerId), depot.shopId);
  const discount = options.discountFcfa ?? 0;
  const subtotal = (options.totalFcfa ?? 10_000) + discount;
  const article = await createArticle(db, depot, { prix: subtotal, prixAchat: Math.floor(subtotal / 2), quantite: 5 });
  const typeId = options.typeId ?? 1;
  return db.transaction(async (tx) => {
    const proforma = typeId === 3;
    const year = (options.createdAt ?? new Date()).getFullYear();
    const { number, code } = await nextDocumentNumber(tx, depot.shopId, proforma ? 'PRO' : 'FAC', year);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        shopId: depot.shopId,
        code,
        year,
        number,
        typeId,
        clientId: options.clientId ?? null,
        depotId: depot.id,
        userId: sellerId,
        subtotalFcfa: subtotal,
        discountFcfa: discount,
        totalFcfa: subtotal - discount,
        remainingFcfa: subtotal - discount,
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      })
      .returning();
    await tx
      .insert(invoiceLines)
      .values({
        invoiceId: invoice!.id,
        articleId: article.id,
        quantity: 1,
        unitPriceFcfa: subtotal,
        unitCostFcfa: article.costFcfa,
      });
    if (!proforma)
      await applyStockChanges(tx, ctx, [{ articleId: article.id, depotId: depot.id, kind: 'sale', quantity: -1 }], {
        invoiceId: invoice!.id,
      });
    return invoice!;
  });
}

/** A driver of the shop. TODO(drivers): once features/drivers/drivers.service.ts is on main, call its create. */
export async function createTestDriver(db: Db, shopId: number, nom = `Chauffeur ${++counter}`) {
  const [driver] = await db.insert(drivers).values({ shopId, nom, telephone: '07070707' }).returning();
  return driver!;
}

/** A client of the shop. TODO(clients): once the shop clients service is on main, call it. */
export async function createTestClient(db: Db, shopId: number, nom = `Client${++counter}`) {
  const [client] = await db
    .insert(clients)
    .values({ shopId, nom, prenom: 'Awa', telephone: '0102030405', adresse: 'Abidjan' })
    .returning();
  return client!;
}
