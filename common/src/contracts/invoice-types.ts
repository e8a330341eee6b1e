import { z } from 'zod';
import { requiredText } from './common.js';
import { requiredId } from './ids.js';

/** The built-in invoice types (DECISIONS §6): not deletable, named in fr and en. */
export const INVOICE_TYPE = { cash: 1, credit: 2, proforma: 3 } as const;
export const BUILT_IN_INVOICE_TYPES: readonly number[] = Object.values(INVOICE_TYPE);

/** Seed 001 typeFacture: idTypeFacture, libelle (in the caller's language for a built-in type). */
export const invoiceType = z.object({
  idTypeFacture: z.number().int(),
  libelle: z.string(),
  /** True for 1 Comptant, 2 Crédit, 3 Proforma. */
  builtIn: z.boolean(),
});
export type InvoiceType = z.infer<typeof invoiceType>;

/**
 * POST /api/type_factures and PUT /api/type_factures/{id}: label required (seed 001 §5). The seed
 * sends `{ libelle }` alone: the shop is then the caller's only one (asked of a caller of several).
 */
export const invoiceTypeBody = z.object({
  libelle: requiredText(100),
  boutique: z.union([requiredId, z.object({ idBoutique: requiredId })], { message: 'validation.required' }).optional(),
});
export type InvoiceTypeBody = z.input<typeof invoiceTypeBody>;
