import type { Language } from '@app/common/languages';
import type { Page } from '@app/common/contracts/paging';
import { MOVEMENT_TYPES, type Movement } from '@app/common/contracts/stock';
import type { TFunction } from 'i18next';
import type { Db } from '../../db/client.js';
import type { ShopContext } from '../../lib/access.js';
import { translator } from '../../lib/i18n.js';
import { toPage } from '../../lib/paging.js';
import { listMovements, pageMovements, type MovementRow } from './movements.queries.js';
import { STOCK_REASONS } from './stock-ledger.service.js';

/** The stock movements screen (app/mouvement-articles): read-only, every change of stock with its kind. */

const REASON_KEYS = new Map<string, string>(Object.entries(STOCK_REASONS).map(([key, words]) => [words, `stock:reasons.${key}`]));

function serializeMovement(row: MovementRow, t: TFunction): Movement {
  const reasonKey = row.reason === null ? undefined : REASON_KEYS.get(row.reason);
  return {
    idInventaire: row.id,
    ligneArticle: {
      articlesPK: {
        article: {
          idArticle: row.article_id,
          designation: row.designation,
          prix: row.price_fcfa,
          description: row.description,
          categorie: row.category_libelle === null ? null : { libelle: row.category_libelle },
        },
      },
    },
    type: row.kind,
    // An invoice's edit takes or gives back the difference: not a sale nor its cancellation.
    libelle: row.reason === STOCK_REASONS.invoiceEdit ? t('stock:kinds.sale_edit') : t(`stock:kinds.${row.kind}`),
    quantite: row.quantity,
    stockApres: row.balance_after,
    depot: { idDepot: row.depot_id, libelle: row.depot_libelle },
    motif: reasonKey ? t(reasonKey) : row.reason,
    createdAt: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
    user: row.user_id === null ? null : { idUser: row.user_id, username: row.username ?? '', nom: row.nom, prenom: row.prenom },
  };
}

export async function pageShopMovements(db: Db, ctx: ShopContext, input: { page: number; term?: string; lang: Language }): Promise<Page<Movement>> {
  const t = translator(input.lang);
  const term = input.term?.trim().toLocaleLowerCase(input.lang);
  // A search for "vente" or "transfer" finds the movements of that kind.
  const kinds = term ? MOVEMENT_TYPES.filter((kind) => t(`stock:kinds.${kind}`).toLocaleLowerCase(input.lang).includes(term)) : [];
  const { rows, total } = await pageMovements(db, ctx.shopId, { page: input.page, term: input.term, kinds });
  return toPage(
    rows.map((row) => serializeMovement(row, t)),
    total,
    input.page,
  );
}

export async function shopMovements(db: Db, ctx: ShopContext, lang: Language): Promise<Movement[]> {
  const t = translator(lang);
  return (await listMovements(db, ctx.shopId)).map((row) => serializeMovement(row, t));
}
