import { z } from 'zod';
import { requiredText } from './common.js';
import { requiredId } from './ids.js';

/** A shop as other records name it (seed 000 §3: boutique {idBoutique, nom}). */
export const shopRef = z.object({ idBoutique: z.number().int(), nom: z.string() });
export type ShopRef = z.infer<typeof shopRef>;

export const depotRef = z.object({ idDepot: z.number().int(), libelle: z.string() });
export type DepotRef = z.infer<typeof depotRef>;

/** Depot of seed 000 §3: idDepot, libelle, boutique (idBoutique, nom). */
export const depot = depotRef.extend({ boutique: shopRef });
export type Depot = z.infer<typeof depot>;

/** POST /api/depots and PUT /api/depots/{idDepot}: label and shop required (seed 000 §5). */
export const depotBody = z.object({
  libelle: requiredText(120),
  boutique: z.object({ idBoutique: requiredId }, { message: 'validation.required' }),
});
export type DepotBody = z.infer<typeof depotBody>;
