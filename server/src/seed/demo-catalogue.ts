import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { categories, depots, shops, users } from '../db/schema/index.js';
import { shopContext, type Actor } from '../lib/access.js';
import { insertArticle } from '../features/articles/articles.service.js';

/** [designation, category, selling price, purchase price, minimum, quantity] — FCFA, units. */
type DemoArticle = [string, string, number, number, number, number];

const CATALOGUE: DemoArticle[] = [
  ['Riz parfumé 25 kg', 'Riz et céréales', 17500, 15000, 5, 40],
  ['Riz brisé 50 kg', 'Riz et céréales', 24000, 21000, 5, 25],
  ['Maïs grain 25 kg', 'Riz et céréales', 9000, 7500, 3, 3],
  ['Mil 10 kg', 'Riz et céréales', 6500, 5200, 2, 12],
  ['Farine de blé 1 kg', 'Riz et céréales', 800, 620, 10, 60],
  ['Attiéké sec 1 kg', 'Riz et céréales', 1200, 900, 5, 18],
  ['Huile de palme 1 L', 'Huiles et condiments', 1300, 1000, 10, 48],
  ['Huile végétale 5 L', 'Huiles et condiments', 6500, 5400, 4, 4],
  ['Huile d’arachide 1 L', 'Huiles et condiments', 1800, 1400, 6, 20],
  ['Cube Maggi (boîte de 100)', 'Huiles et condiments', 2500, 2000, 5, 30],
  ['Sel fin 1 kg', 'Huiles et condiments', 300, 200, 20, 80],
  ['Concentré de tomate 400 g', 'Huiles et condiments', 650, 480, 12, 36],
  ['Piment en poudre 100 g', 'Huiles et condiments', 500, 350, 5, 2],
  ['Sucre en poudre 1 kg', 'Épicerie', 900, 720, 10, 55],
  ['Sucre en morceaux 1 kg', 'Épicerie', 1100, 850, 5, 22],
  ['Lait en poudre 400 g', 'Épicerie', 2600, 2100, 6, 6],
  ['Lait concentré sucré 397 g', 'Épicerie', 750, 560, 12, 48],
  ['Café soluble 200 g', 'Épicerie', 3200, 2600, 4, 14],
  ['Thé vert 250 g', 'Épicerie', 1500, 1100, 6, 24],
  ['Pâtes spaghetti 500 g', 'Épicerie', 500, 370, 20, 90],
  ['Sardines à l’huile 125 g', 'Épicerie', 450, 320, 24, 120],
  ['Chocolat en poudre 400 g', 'Épicerie', 2200, 1750, 4, 0],
  ['Eau minérale 1,5 L (pack de 6)', 'Boissons', 2400, 1900, 10, 35],
  ['Jus de bissap 1 L', 'Boissons', 1000, 700, 6, 18],
  ['Jus de gingembre 1 L', 'Boissons', 1000, 700, 6, 6],
  ['Soda orange 33 cl (pack de 24)', 'Boissons', 9000, 7600, 3, 10],
  ['Cola 1,5 L', 'Boissons', 1100, 850, 12, 40],
  ['Bière blonde 65 cl (casier de 12)', 'Boissons', 8400, 7200, 4, 16],
  ['Lait caillé 500 ml', 'Boissons', 600, 420, 10, 8],
  ['Savon de Marseille 400 g', 'Hygiène', 700, 500, 10, 45],
  ['Savon de toilette 125 g', 'Hygiène', 400, 280, 20, 100],
  ['Dentifrice 100 ml', 'Hygiène', 900, 650, 8, 30],
  ['Brosse à dents', 'Hygiène', 500, 300, 10, 10],
  ['Lessive en poudre 1 kg', 'Hygiène', 1500, 1150, 8, 26],
  ['Eau de Javel 1 L', 'Hygiène', 600, 420, 10, 32],
  ['Papier hygiénique (paquet de 4)', 'Hygiène', 1200, 900, 6, 2],
  ['Couches bébé taille 4 (paquet de 30)', 'Hygiène', 6500, 5200, 3, 9],
  ['Ampoule LED 9 W', 'Quincaillerie', 1500, 1000, 5, 25],
  ['Rallonge électrique 3 prises', 'Quincaillerie', 3500, 2600, 2, 7],
  ['Piles AA (lot de 4)', 'Quincaillerie', 1200, 850, 6, 6],
  ['Cadenas 40 mm', 'Quincaillerie', 2500, 1800, 2, 11],
  ['Torche rechargeable', 'Quincaillerie', 5000, 3800, 2, 5],
  ['Seau plastique 10 L', 'Quincaillerie', 1800, 1300, 3, 14],
  ['Ciment 50 kg', 'Quincaillerie', 5500, 4900, 10, 60],
  ['Cahier 100 pages', 'Papeterie', 400, 250, 30, 150],
  ['Stylo bille bleu (boîte de 50)', 'Papeterie', 5000, 3700, 3, 12],
  ['Rame papier A4', 'Papeterie', 3500, 2800, 4, 4],
  ['Cartable enfant', 'Papeterie', 7500, 5500, 2, 8],
  ['Crayon à papier (boîte de 12)', 'Papeterie', 1200, 800, 5, 20],
  ['Recharge téléphone 1 000 FCFA', 'Téléphonie', 1000, 950, 20, 200],
  ['Chargeur USB-C', 'Téléphonie', 3500, 2400, 4, 15],
  ['Écouteurs filaires', 'Téléphonie', 2500, 1600, 4, 3],
  ['Câble micro-USB', 'Téléphonie', 1500, 900, 5, 18],
  ['Batterie externe 10 000 mAh', 'Téléphonie', 12000, 9000, 2, 6],
  ['Pagne wax 6 yards', 'Textile', 15000, 11000, 3, 14],
  ['Tee-shirt coton', 'Textile', 3000, 2000, 6, 30],
  ['Sandales plastique', 'Textile', 2000, 1300, 6, 6],
  ['Casquette', 'Textile', 2500, 1600, 4, 10],
  ['Moustiquaire imprégnée', 'Textile', 4500, 3400, 3, 9],
  ['Serviette de bain', 'Textile', 3500, 2500, 3, 1],
];

/**
 * The demo catalogue of `npm run seed:demo`: categories and about 60 articles with their stock,
 * spread over the demo depots, some at their limit (the red chip), each made through the
 * articles service (article, entry, first movement through the stock ledger). Runs once.
 */
export async function seedDemoCatalogue(db: Db): Promise<void> {
  const [director] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'directeur'));
  if (!director) return;
  const demoShops = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.accountId, director.id), isNull(shops.deletedAt)))
    .orderBy(asc(shops.id));
  const [done] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from articles where shop_id in (${sql.join(
        demoShops.map((s) => sql`${s.id}`),
        sql`, `,
      )})`,
    ),
  );
  if (demoShops.length === 0 || (done?.n ?? 0) > 0) return;
  const actor: Actor = {
    userId: director.id,
    sessionId: 0,
    username: 'directeur',
    displayName: 'directeur',
    roles: [2],
    shopIds: demoShops.map((s) => s.id),
    accountId: director.id,
    subscriptionEndsAt: null,
    subscriptionExpired: false,
  };

  await db.transaction(async (tx) => {
    for (const [shopIndex, shop] of demoShops.entries()) {
      const ctx = shopContext(actor, shop.id);
      const shopDepots = await tx
        .select({ id: depots.id })
        .from(depots)
        .where(and(eq(depots.shopId, shop.id), isNull(depots.deletedAt)))
        .orderBy(asc(depots.id));
      if (shopDepots.length === 0) continue;
      // The first shop holds the whole catalogue, the second a third of it.
      const lines = shopIndex === 0 ? CATALOGUE : CATALOGUE.filter((_, i) => i % 3 === 0);
      const categoryIds = new Map<string, number>();
      for (const [index, [designation, category, prix, prixAchat, stockMin, quantite]] of lines.entries()) {
        if (!categoryIds.has(category)) {
          const [row] = await tx
            .insert(categories)
            .values({ shopId: shop.id, libelle: category })
            .returning({ id: categories.id });
          categoryIds.set(category, row!.id);
        }
        await insertArticle(tx, ctx, {
          designation,
          description: null,
          prix,
          prixAchat,
          categorie: categoryIds.get(category)!,
          fournisseur: null,
          codeBarre: `61${String(shop.id).padStart(3, '0')}${String(index + 1).padStart(8, '0')}`,
          depot: shopDepots[index % shopDepots.length]!.id,
          stockMin,
          quantite,
        });
      }
    }
  });
}
