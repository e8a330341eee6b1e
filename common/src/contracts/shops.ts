import { z } from 'zod';
import { SHOP_PHONE_DIGITS } from '../constants.js';
import { requiredText } from './common.js';

export const shop = z.object({
  idBoutique: z.number().int(),
  nom: z.string(),
  telephone: z.string(),
  adresse: z.string(),
});
export type Shop = z.infer<typeof shop>;

/** Shop phone: the 8-digit mask of seed 000 §5 (digits only, up to 8). */
export const shopPhone = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .regex(new RegExp(`^\\d{1,${SHOP_PHONE_DIGITS}}$`), { message: 'validation.shopPhone' });

/** Create and edit take the same fields; DECISIONS §10: edit paths validate too. */
export const shopBody = z.object({
  nom: requiredText(120),
  telephone: shopPhone,
  adresse: requiredText(255),
});
export type ShopBody = z.infer<typeof shopBody>;
