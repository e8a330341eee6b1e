import { z } from 'zod';
import { requiredText } from './common.js';
import { shopField, tradingPhone } from './trading-fields.js';

/** Supplier of seed 001 §3: idFournisseur, raisonSociale, telephone, adresse, boutique. */
export const supplier = z.object({
  idFournisseur: z.number().int(),
  raisonSociale: z.string(),
  telephone: z.string(),
  adresse: z.string(),
  boutique: z.object({ idBoutique: z.number().int() }),
});
export type Supplier = z.infer<typeof supplier>;

/**
 * POST /api/fournisseurs and PUT /api/fournisseurs/{idFournisseur} (seed 001 §5): company name,
 * phone (numeric) and address required; the edit validates too (DECISIONS §10).
 */
export const supplierBody = z.object({
  raisonSociale: requiredText(150),
  telephone: tradingPhone,
  adresse: requiredText(255),
  boutique: shopField,
});
export type SupplierBody = z.input<typeof supplierBody>;
export type SupplierInput = z.output<typeof supplierBody>;
