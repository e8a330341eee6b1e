import type { StockRow } from '@app/common/contracts/stock';
import { percentToBp } from '@app/common/vat';

/** An article of the till's depot as the grid shows it. */
export type TillArticle = {
  articleId: number;
  designation: string;
  unitPriceFcfa: number;
  available: number;
  barcode: string | null;
  image: string | null;
  categoryId: number | null;
  /** VAT (issue 21): the rate (basis points) a sale takes, null when none; and the shop's price rule. */
  rateBp: number | null;
  pricesIncludeVat: boolean;
};

export type TillCategory = { id: number; label: string };

export function tillArticles(rows: readonly StockRow[]): TillArticle[] {
  return rows.map((row) => ({
    articleId: row.article.idArticle,
    designation: row.article.designation,
    unitPriceFcfa: row.article.prix,
    available: row.quantiteDisponible,
    barcode: row.article.codeBarre?.trim() || null,
    image: row.article.image,
    categoryId: row.article.categorie?.idCategorie ?? null,
    rateBp: row.article.tauxTva === null || row.article.tauxTva === undefined ? null : percentToBp(row.article.tauxTva),
    pricesIncludeVat: row.article.prixTtc !== false,
  }));
}

/** The categories the depot's articles belong to, by name (the tabs above the grid). */
export function tillCategories(rows: readonly StockRow[]): TillCategory[] {
  const seen = new Map<number, string>();
  for (const row of rows) if (row.article.categorie) seen.set(row.article.categorie.idCategorie, row.article.categorie.libelle);
  return [...seen].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}

/** Lower case without accents: "Café" is found by "cafe". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('fr-FR');
}

/**
 * The grid's articles: those of the category (null: all) whose name or barcode contains the
 * search; what can be sold first, then by name.
 */
export function filterArticles(articles: readonly TillArticle[], categoryId: number | null, search: string): TillArticle[] {
  const term = fold(search.trim());
  return articles
    .filter((a) => categoryId === null || a.categoryId === categoryId)
    .filter((a) => !term || fold(a.designation).includes(term) || (a.barcode !== null && a.barcode.includes(term)))
    .sort((a, b) => Number(b.available > 0) - Number(a.available > 0) || a.designation.localeCompare(b.designation, 'fr'));
}

/** The article whose barcode is exactly `code` (a scan). */
export function byBarcode(articles: readonly TillArticle[], code: string): TillArticle | undefined {
  const wanted = code.trim();
  return articles.find((a) => a.barcode === wanted);
}

/**
 * The article a keyboard-wedge scan names, and the code it was read as. On a busy device the
 * scanner's first characters may arrive slowly enough to be typed into the search box (`before`),
 * and only the rest be seen as a fast run: the whole code is then the box's text and the run.
 */
export function scannedArticle(
  articles: readonly TillArticle[],
  code: string,
  before = '',
): { article: TillArticle | undefined; code: string; joined: boolean } {
  const alone = byBarcode(articles, code);
  if (alone || !/^[0-9A-Za-z-]+$/.test(before)) return { article: alone, code, joined: false };
  const whole = before + code;
  return { article: byBarcode(articles, whole), code: whole, joined: true };
}

const UNITS = /^(kg|g|mg|l|ml|cl|dl|mm|cm|m|x|pc|pcs)$/i;
/** Small linking words that stand for nothing on a card ("Brosse à dents" → "BD", not "BÀ"). */
const LINKING_WORDS = /^(à|a|au|aux|de|des|du|d|en|et|la|le|les|l|pour|sur|avec|of|the|and|for|with)$/i;

/**
 * Up to two letters standing for an article without an image: the initials of its first two
 * words, leaving out quantities, units and linking words ("Riz parfumé 5 kg" → "RP", "Mil 10 kg" → "MI",
 * "Brosse à dents" → "BD").
 */
export function articleInitials(designation: string): string {
  const words = designation
    .split(/[\s\-_/(),.'’]+/)
    .map((w) => w.replace(/^[^\p{L}\d]+/u, ''))
    .filter((w) => /^\p{L}/u.test(w) && !UNITS.test(w));
  const meaningful = words.filter((w) => !LINKING_WORDS.test(w));
  const [first, second] = meaningful.length > 0 ? meaningful : words;
  const letters = second
    ? [first, second].map((w) => Array.from(w!)[0]).join('')
    : Array.from(first ?? '')
        .slice(0, 2)
        .join('');
  return (
    letters.toLocaleUpperCase('fr-FR') || Array.from(designation.trim()).slice(0, 2).join('').toLocaleUpperCase('fr-FR') || '?'
  );
}
