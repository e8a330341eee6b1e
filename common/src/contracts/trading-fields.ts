import { z } from 'zod';
import { requiredId } from './ids.js';

/**
 * Fields shared by the supplier, driver and reception bodies (seed 001 §3, §5).
 */

/**
 * The shop a body names (`boutique`): the id, or the object `{ idBoutique }` the old client sent.
 * The auth hook checks membership of it; the service acts in it.
 */
export const shopField = z.union([requiredId, z.object({ idBoutique: requiredId }, { message: 'validation.required' })], {
  message: 'validation.required',
});
export type ShopField = z.infer<typeof shopField>;

/** The id a `shopField` names. */
export const shopIdOfField = (value: ShopField): number => (typeof value === 'number' ? value : value.idBoutique);

/**
 * A supplier's or driver's phone, "numeric" (seed 001 §5): digits with an optional leading +;
 * spaces, dots and dashes typed between groups are dropped.
 */
export const tradingPhone = z
  .string({ message: 'validation.phoneRequired' })
  .trim()
  .min(1, { message: 'validation.phoneRequired' })
  .max(30, { message: 'validation.phoneInvalid' })
  .transform((value) => value.replace(/[\s.-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{6,15}$/, { message: 'validation.phoneInvalid' }));
