import { invoiceBody } from '@app/common/contracts/invoices';
import { shopClientBody } from '@app/common/contracts/shop-clients';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { articles, deliveries, depots, drivers, invoices, payments, receptions, shops, users } from '../db/schema/index.js';
import { shopContext } from '../lib/access.js';
import { createShopClient } from '../features/clients/shop-clients.service.js';
import { createInvoice } from '../features/sales/record-sale.service.js';
import { createPayment } from '../features/sales/pay.service.js';
import { seedDemoClosings } from './demo-closings.js';
import { paymentBody } from '@app/common/contracts/payments';
import { applyStockChanges, setStockMinimum } from '../features/stock/stock-ledger.service.js';
import { dateInvoiceMovements, dateMovementsOutsideSales } from '../features/stock/movement-dates.js';
import { dateNewestInvoiceDocument } from '../features/sales/document-dates.js';
import { loadActor } from '../plugins/auth.js';
import { endSession, openSession } from '../features/sessions/sessions.service.js';

const CLIENTS = [
  { nom: 'Kouamé', prenom: 'Adjoua', telephone: '0708112233', adresse: 'Riviera 2, Cocody' },
  { nom: 'Bamba', prenom: 'Seydou', telephone: '0505443322', adresse: 'Marcory Zone 4' },
  { nom: 'Yao', prenom: 'Christelle', telephone: '0101987654', adresse: 'Angré 8e tranche' },
  { nom: 'Ouattara', prenom: 'Mamadou', telephone: '0777665544', adresse: 'Treichville, avenue 12' },
  { nom: 'N’Guessan', prenom: 'Estelle', telephone: '0544556677', adresse: 'Yopougon Selmer' },
  { nom: 'Koffi', prenom: 'Jean-Marc', telephone: '0102030405', adresse: 'Deux-Plateaux Vallons' },
];

/** Articles for the demo sales when the catalogue seed has none yet (stock through the ledger). */
const FALLBACK_ARTICLES = [
  { designation: 'Riz parfumé 5 kg', prix: 4500, prixAchat: 3600 },
  { designation: 'Huile végétale 1 L', prix: 1500, prixAchat: 1100 },
  { designation: 'Sucre en morceaux 1 kg', prix: 1000, prixAchat: 750 },
  { designation: 'Lait concentré sucré', prix: 600, prixAchat: 420 },
  { designation: 'Pagne wax 6 yards', prix: 15000, prixAchat: 10500 },
  { designation: 'Savon de Marseille', prix: 500, prixAchat: 300 },
];

async function actor(db: Db, username: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const loaded = await loadActor(db, await openSession(db, user!.id));
  await endSession(db, loaded.sessionId);
  return loaded;
}

/** How many days back the demo's sales go. */
const DAYS = 28;

/** A deterministic pseudo-random sequence, so that two demo loads look alike. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * A few weeks of sales in the demo's first shop: clients, then invoices by the seller and the
 * director through the invoice service (stock out through the ledger, numbers in order), dated
 * back over the last four weeks; some proformas. Runs once (skipped when the shop has invoices).
 */
export async function seedDemoSales(db: Db): Promise<void> {
  const [shop] = await db.select().from(shops).where(eq(shops.nom, 'Boutique Plateau'));
  if (!shop) return;
  const [already] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.shopId, shop.id)).limit(1);
  if (already) return;
  const [depot] = await db
    .select()
    .from(depots)
    .where(and(eq(depots.shopId, shop.id), isNull(depots.deletedAt)))
    .orderBy(depots.id)
    .limit(1);
  if (!depot) return;
  const director = shopContext(await actor(db, 'directeur'), shop.id);
  const seller = shopContext(await actor(db, 'vendeur'), shop.id);

  const readStock = async () =>
    rowsOf<{ id: number; available: number }>(
      await db.execute(sql`select a.id, (s.qty_in - s.qty_out)::int as available from articles a
        join stock_levels s on s.article_id = a.id and s.depot_id = ${depot.id}
        where a.shop_id = ${shop.id} and a.deleted_at is null order by a.id`),
    );
  let stock = await readStock();
  if (stock.length < 3) {
    await db.transaction(async (tx) => {
      for (const item of FALLBACK_ARTICLES) {
        const [row] = await tx
          .insert(articles)
          .values({
            shopId: shop.id,
            designation: item.designation,
            priceFcfa: item.prix,
            costFcfa: item.prixAchat,
            createdBy: director.userId,
          })
          .returning({ id: articles.id });
        await setStockMinimum(tx, director, row!.id, depot.id, 5);
        await applyStockChanges(tx, director, [{ articleId: row!.id, depotId: depot.id, kind: 'addition', quantity: 200 }]);
      }
    });
    stock = await readStock();
  }

  // The stock the sales draw on came in before the first of them: its movements (opening stock,
  // receptions) are dated the day before, so that the ledger reads in order of date.
  const start = new Date(Date.now() - (DAYS + 1) * 86_400_000);
  start.setUTCHours(7, 0, 0, 0);
  await dateMovementsOutsideSales(db, shop.id, start);
  await db.update(receptions).set({ createdAt: start }).where(eq(receptions.shopId, shop.id));

  const clientIds: number[] = [];
  for (const client of CLIENTS)
    clientIds.push((await createShopClient(db, seller, shopClientBody.parse({ ...client, boutique: shop.id }))).idClient);

  const [driver] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.shopId, shop.id), isNull(drivers.deletedAt)))
    .limit(1);
  const cashierActor = await actor(db, 'caissier');
  const METHODS = ['cash', 'cash', 'cash', 'orange_money', 'wave', 'mtn_momo', 'moov_money', 'card'] as const;
  const next = random(42);
  const left = new Map(stock.map((s) => [s.id, s.available]));
  const days = DAYS;
  let lastAt = 0;
  for (let i = 0; i < 60; i++) {
    const count = 1 + Math.floor(next() * 3);
    const lines: { articles: number; nombre: number }[] = [];
    for (const item of [...stock].sort(() => next() - 0.5).slice(0, count)) {
      const nombre = 1 + Math.floor(next() * 3);
      if ((left.get(item.id) ?? 0) - nombre < 10) continue;
      lines.push({ articles: item.id, nombre });
    }
    if (lines.length === 0) continue;
    const proforma = next() < 0.08;
    if (!proforma) for (const line of lines) left.set(line.articles, (left.get(line.articles) ?? 0) - line.nombre);
    const withClient = next() < 0.7;
    const pickedClient = clientIds[Math.floor(next() * clientIds.length)]!;
    const remise = next() < 0.2 ? 100 * Math.floor(next() * 5) : 0;
    const typeFactures = proforma ? 3 : next() < 0.75 ? 1 : 2;
    const body = invoiceBody.parse({
      // A sale on account names who owes it (the server refuses a Crédit sale for nobody).
      client: withClient || typeFactures === 2 ? pickedClient : 0,
      boutiques: shop.id,
      articles: lines,
      depot: depot.id,
      remise,
      typeFactures,
      imprimante: false,
    });
    const invoice = await createInvoice(db, next() < 0.7 ? seller : director, body);
    // Spread over the last four weeks, oldest first (numbers stay in date order), in opening hours.
    const day = days - Math.floor((i / 60) * days);
    const at = new Date(Date.now() - day * 86_400_000);
    at.setUTCHours(8 + Math.floor(next() * 10), Math.floor(next() * 60), 0, 0);
    // Later than the sale before it (numbers and the ledger read in date order).
    if (at.getTime() <= lastAt) at.setTime(lastAt + 7 * 60_000);
    lastAt = at.getTime();
    await db.update(invoices).set({ createdAt: at, updatedAt: at }).where(eq(invoices.id, invoice.idFacture));
    // Its stock movements carry the sale's date, as they would have had it had it been made that day.
    await dateInvoiceMovements(db, invoice.idFacture, at);
    // Its document too (a proforma has none): its print and verification say the sale's date.
    if (!proforma) await dateNewestInvoiceDocument(db, shop.id, invoice.idFacture, at);

    // Most sales are paid at the cash desk the same day (some in part, by several methods), some delivered.
    if (proforma || next() < 0.2) continue;
    const method = METHODS[Math.floor(next() * METHODS.length)]!;
    const partial = next() < 0.25;
    const amount = partial ? Math.max(100, Math.round(invoice.montantFacture / 200) * 100) : invoice.montantFacture;
    // Only paid invoices leave with a driver: the cash desk keeps its unpaid ones to deliver.
    const roll = next();
    const deliver = driver !== undefined && !partial && roll < 0.3;
    await createPayment(
      db,
      cashierActor,
      paymentBody.parse({
        facture: invoice.idFacture,
        montantPaye: amount,
        montant: method === 'cash' && !partial ? Math.ceil(amount / 1000) * 1000 : amount,
        methode: method,
        reference: method === 'cash' ? null : `TX${String(invoice.idFacture).padStart(6, '0')}`,
        livrer: deliver,
        chauffeure: deliver ? driver.id : 0,
      }),
      null,
      'fr',
    );
    const paidAt = new Date(at.getTime() + 20 * 60_000);
    await db.update(payments).set({ createdAt: paidAt }).where(eq(payments.invoiceId, invoice.idFacture));
    if (deliver) await db.update(deliveries).set({ createdAt: paidAt }).where(eq(deliveries.invoiceId, invoice.idFacture));
  }
  await seedDemoClosings(db, shop.id, cashierActor);
}
