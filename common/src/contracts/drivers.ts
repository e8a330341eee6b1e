import { z } from 'zod';
import { requiredText } from './common.js';
import { shopField, tradingPhone } from './trading-fields.js';

/** Driver of seed 001 §3: id, nom, telephone, boutique. */
export const driver = z.object({
  id: z.number().int(),
  nom: z.string(),
  telephone: z.string(),
  boutique: z.object({ idBoutique: z.number().int() }),
});
export type Driver = z.infer<typeof driver>;

/**
 * POST /api/chauffeur and PUT /api/chauffeur/{id} (seed 001 §5): name and phone (numeric)
 * required, in the quick add of the reception, payment and delivery dialogs too.
 */
export const driverBody = z.object({
  nom: requiredText(120),
  telephone: tradingPhone,
  boutique: shopField,
});
export type DriverBody = z.input<typeof driverBody>;
export type DriverInput = z.output<typeof driverBody>;
