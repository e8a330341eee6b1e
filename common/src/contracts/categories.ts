import { z } from 'zod';
import { requiredText } from './common.js';
import { shopField } from './trading-fields.js';

/** Category of seed 001 §3: idCategorie, libelle, boutique. */
export const category = z.object({
  idCategorie: z.number().int(),
  libelle: z.string(),
  boutique: z.object({ idBoutique: z.number().int() }),
});
export type Category = z.infer<typeof category>;

export const categoryRef = z.object({ idCategorie: z.number().int(), libelle: z.string() });
export type CategoryRef = z.infer<typeof categoryRef>;

/** POST /api/categories and PUT /api/categories/{id}: a label (seed 001 §5), unique in the shop. */
export const categoryBody = z.object({ libelle: requiredText(120), boutique: shopField });
export type CategoryBody = z.infer<typeof categoryBody>;
