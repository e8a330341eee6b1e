import { z } from 'zod';
import { SHOP_PHONE_DIGITS } from '../constants.js';
import { canonicalTimeZone, isTimeZone } from '../dates.js';
import { requiredText } from './common.js';

export const shop = z.object({
  idBoutique: z.number().int(),
  nom: z.string(),
  telephone: z.string(),
  adresse: z.string(),
  /** IANA zone of the shop's clock (DECISIONS §4): "today", report days and shown dates. */
  timeZone: z.string(),
});
export type Shop = z.infer<typeof shop>;

/** Shop phone: the 8-digit mask of seed 000 §5 (digits only, up to 8). */
export const shopPhone = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .regex(new RegExp(`^\\d{1,${SHOP_PHONE_DIGITS}}$`), { message: 'validation.shopPhone' });

/** An IANA zone name (`Africa/Lagos`), stored as the runtime spells it. */
export const shopTimeZone = z
  .string()
  .trim()
  .refine(isTimeZone, { message: 'validation.timeZone' })
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

/**
 * Create and edit take the same fields; DECISIONS §10: edit paths validate too. The old client
 * sends no `timeZone`: a new shop then gets the default (Africa/Abidjan), an edited one keeps its own.
 */
export const shopBody = z.object({
  nom: requiredText(120),
  telephone: shopPhone,
  adresse: requiredText(255),
  timeZone: shopTimeZone.optional(),
});
export type ShopBody = z.infer<typeof shopBody>;
