import { driverBody } from '@app/common/contracts/drivers';
import { invoiceBody } from '@app/common/contracts/invoices';
import { shopClientBody } from '@app/common/contracts/shop-clients';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { invoices } from '../db/schema/index.js';
import { shopContext } from '../lib/access.js';
import { createShopClient } from '../features/clients/shop-clients.service.js';
import { createDriver } from '../features/drivers/drivers.service.js';
import { createInvoice } from '../features/sales/record-sale.service.js';
import { accountOfShop, actorOf } from './factories.js';
import { createArticle } from './trading-factories.js';

let counter = 0;

/**
 * An invoice of the depot's shop sold by `sellerId` (the account's director by default), made by
 * the invoices service: one line of a new article priced so that the total is `totalFcfa`.
 * `typeId` 3 makes a proforma. `createdAt` back-dates it (for yearly figures only).
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
  const body = invoiceBody.parse({
    client: options.clientId ?? 0,
    boutiques: depot.shopId,
    articles: [{ articles: article.id, nombre: 1 }],
    depot: depot.id,
    remise: discount,
    typeFactures: options.typeId ?? 1,
    imprimante: false,
  });
  const created = await createInvoice(db, ctx, body);
  if (options.createdAt)
    await db.update(invoices).set({ createdAt: options.createdAt }).where(eq(invoices.id, created.idFacture));
  const [row] = await db.select().from(invoices).where(eq(invoices.id, created.idFacture));
  return row!;
}

/** A driver of the shop, made by the drivers service (as the account's director). */
export async function createTestDriver(db: Db, shopId: number, nom = `Chauffeur ${++counter}`) {
  const ctx = shopContext(await actorOf(db, await accountOfShop(db, shopId)), shopId);
  const driver = await createDriver(db, ctx, driverBody.parse({ nom, telephone: '07070707', boutique: shopId }));
  return driver;
}

/** A client of the shop, made by the shop clients service. */
export async function createTestClient(db: Db, shopId: number, nom = `Client${++counter}`) {
  const ctx = shopContext(await actorOf(db, await accountOfShop(db, shopId)), shopId);
  const client = await createShopClient(
    db,
    ctx,
    shopClientBody.parse({ nom, prenom: 'Awa', telephone: '0102030405', adresse: 'Abidjan', boutique: shopId }),
  );
  return { id: client.idClient, telephone: client.telephone, adresse: client.adresse };
}
