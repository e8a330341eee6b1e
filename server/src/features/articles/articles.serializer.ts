import type { Article, ArticleStock } from '@app/common/contracts/articles';
import { can, type HasRoles } from '@app/common/permissions';
import { bpToPercent, effectiveRateBp } from '@app/common/vat';
import type { ArticleWithRefs, StockRow } from './articles.queries.js';

/** DECISIONS §5: an entry is at its limit when what is available is at or below its minimum. */
export const atLimit = (available: number, stockMin: number) => available <= stockMin;

export function serializeStock(row: StockRow): ArticleStock {
  const qtyIn = Number(row.qty_in);
  const qtyOut = Number(row.qty_out);
  const stockMin = Number(row.stock_min);
  return {
    idEntree: Number(row.id),
    depot: { idDepot: Number(row.depot_id), libelle: row.depot_libelle },
    stockMin,
    quantiteEntree: qtyIn,
    quantiteSortie: qtyOut,
    enLimite: atLimit(qtyIn - qtyOut, stockMin),
  };
}

/** The article as the API answers it; its purchase price only to a caller who may see it (`articles:cost`). */
export function serializeArticle(row: ArticleWithRefs, stockRows: StockRow[], viewer: HasRoles): Article {
  const { article } = row;
  const stocks = stockRows.map(serializeStock);
  return {
    idArticle: article.id,
    designation: article.designation,
    prix: article.priceFcfa,
    ...(can(viewer, 'articles:cost') && { prixAchat: article.costFcfa }),
    description: article.description,
    codeBarre: article.barcode,
    image: article.imageFileId === null ? null : `image-${article.imageFileId}`,
    categorie:
      article.categoryId !== null && row.categoryLibelle !== null
        ? { idCategorie: article.categoryId, libelle: row.categoryLibelle }
        : null,
    fournisseur:
      article.supplierId !== null && row.supplierName !== null
        ? { idFournisseur: article.supplierId, raisonSociale: row.supplierName }
        : null,
    boutique: { idBoutique: article.shopId },
    createdAt: article.createdAt.toISOString(),
    updatedAt: article.updatedAt.toISOString(),
    stocks,
    quantite: stocks.reduce((sum, s) => sum + s.quantiteEntree - s.quantiteSortie, 0),
    enLimite: stocks.some((s) => s.enLimite),
    tauxTva: articleRateBp(row) === null ? null : bpToPercent(articleRateBp(row)!),
    tvaParDefaut: article.vatDefault,
  };
}

/** The rate a sale of the article takes now: its own, or the shop's standard rate by default (none when the shop is not subject). */
export function articleRateBp(row: Pick<ArticleWithRefs, 'article' | 'vatSubject' | 'vatRatesBp'>): number | null {
  return effectiveRateBp(row.article, { vatSubject: row.vatSubject ?? false, standardRateBp: row.vatRatesBp?.[0] ?? null });
}
