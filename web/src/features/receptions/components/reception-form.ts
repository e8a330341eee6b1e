import { receptionBody, type Reception, type ReceptionInput } from '@app/common/contracts/receptions';
import { z } from 'zod';
import type { Line } from '../../../lib/line-list';

/** A line of the dialog's table: the article, the unit purchase price entered, and the quantity received. */
export type ReceptionLineItem = Line & { designation: string; prixAchat: number };

export type ReceptionFormValues = {
  chauffeure: number | null;
  fournisseur: number | null;
  depot: number | null;
  boutique: number;
  lines: ReceptionLineItem[];
};

export const emptyReception = (idBoutique: number): ReceptionFormValues => ({
  chauffeure: null,
  fournisseur: null,
  depot: null,
  boutique: idBoutique,
  lines: [],
});

/** The form of a reception being edited. */
export function receptionValues(reception: Reception): ReceptionFormValues {
  return {
    chauffeure: reception.chauffeure?.id ?? null,
    fournisseur: reception.fournisseur?.idFournisseur ?? null,
    depot: reception.depot.idDepot,
    boutique: reception.boutique.idBoutique,
    lines: reception.article.map((line) => ({
      articleId: line.articles.idArticle,
      quantity: line.nombre,
      designation: line.articles.designation,
      prixAchat: line.articles.prixAchat,
    })),
  };
}

/** The dialog's values as the API's body (seed 001 §3: none is sent as 0), checked by its contract. */
export const receptionFormSchema: z.ZodType<ReceptionInput, ReceptionFormValues> = z
  .object({
    chauffeure: z.number().nullable(),
    fournisseur: z.number().nullable(),
    depot: z.number().nullable(),
    boutique: z.number(),
    lines: z.array(z.object({ articleId: z.number(), quantity: z.number(), prixAchat: z.number() })),
  })
  .transform((values) => ({
    chauffeure: values.chauffeure ?? 0,
    fournisseur: values.fournisseur ?? 0,
    // None left as null: the contract reports it on `depot`.
    depot: values.depot as number,
    boutique: values.boutique,
    article: values.lines.map((line) => ({ articles: line.articleId, nombre: line.quantity, prixAchat: line.prixAchat })),
  }))
  .transform((body, ctx) => {
    const parsed = receptionBody.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }) as unknown as z.ZodType<ReceptionInput, ReceptionFormValues>;

/** From this many units, or this many FCFA at the price typed, a line is confirmed before it is added. */
export const LARGE_LINE_UNITS = 1_000;
export const LARGE_LINE_FCFA = 10_000_000;

/**
 * Whether a line is large enough to be a typing slip (100 000 for 10, a barcode in the quantity, a
 * price with a zero too many): the dialog asks once before adding it. A reception moves the
 * article's purchase price; a correction gives it back, but the stock meanwhile sells at it.
 */
export function isLargeLine(line: Pick<ReceptionLineItem, 'quantity' | 'prixAchat'>): boolean {
  return line.quantity >= LARGE_LINE_UNITS || line.quantity * line.prixAchat >= LARGE_LINE_FCFA;
}
