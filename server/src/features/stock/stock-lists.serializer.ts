import type { StockRow } from '@app/common/contracts/stock';
import { can, type HasRoles } from '@app/common/permissions';
import { bpToPercent } from '@app/common/vat';
import type { StockLevelRow } from './stock-lists.queries.js';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * A level as the seed's stock entry (seed 001 §3 "Article stock entry"); the article's purchase
 * price only to a caller who may see it (`articles:cost`).
 */
export function serializeStockRow(row: StockLevelRow, ctx: HasRoles & { shopId: number }): StockRow {
  const available = row.qty_in - row.qty_out;
  return {
    id: row.id,
    idEntree: row.id,
    article: {
      idArticle: row.article_id,
      designation: row.designation,
      prix: row.price_fcfa,
      ...(can(ctx, 'articles:cost') && { prixAchat: row.cost_fcfa }),
      description: row.description,
      codeBarre: row.barcode,
      image: row.image_file_id === null ? null : `image-${row.image_file_id}`,
      categorie: row.category_id === null ? null : { idCategorie: row.category_id, libelle: row.category_libelle ?? '' },
      fournisseur: row.supplier_id === null ? null : { idFournisseur: row.supplier_id, raisonSociale: row.supplier_raison_sociale ?? '' },
      createdAt: iso(row.article_created_at),
      updatedAt: iso(row.article_updated_at),
      tauxTva: row.vat_rate_bp === null ? null : bpToPercent(row.vat_rate_bp),
      prixTtc: row.prices_include_vat,
    },
    boutique: { idBoutique: ctx.shopId },
    depot: { idDepot: row.depot_id, libelle: row.depot_libelle },
    stockMin: row.stock_min,
    quantiteEntree: row.qty_in,
    quantiteSortie: row.qty_out,
    quantiteDisponible: available,
    enLimite: available <= row.stock_min,
  };
}
