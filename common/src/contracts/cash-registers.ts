import { z } from 'zod';
import { requiredText } from './common.js';
import { requiredId } from './ids.js';

/** Seed 001 caisse: idCaisse, libelle; `parDefaut` marks the shop's default register (not deletable). */
export const cashRegister = z.object({
  idCaisse: z.number().int(),
  libelle: z.string(),
  parDefaut: z.boolean(),
  boutique: z.object({ idBoutique: z.number().int() }),
  /** In the shop's list: today's day of the register is closed (no sale or payment on it until tomorrow). */
  clotureeAujourdhui: z.boolean().optional(),
});
export type CashRegister = z.infer<typeof cashRegister>;

/** POST /api/caisses and PUT /api/caisses/{idCaisse}: a label and the shop. */
export const cashRegisterBody = z.object({
  libelle: requiredText(120),
  boutique: z.union([requiredId, z.object({ idBoutique: requiredId })], { message: 'validation.required' }),
});
export type CashRegisterBody = z.input<typeof cashRegisterBody>;
