import { z } from 'zod';
import { depotRef, shopRef } from './depots.js';
import { requiredId } from './ids.js';

/** A depot-user link of seed 000 §3 (ligne depot): depot, shop, user and the depotsPK pair. */
export const depotUser = z.object({
  depot: depotRef,
  boutique: shopRef,
  user: z.object({ idUser: z.number().int(), username: z.string(), nom: z.string(), prenom: z.string() }),
  depotsPK: z.object({ depot: z.number().int(), user: z.number().int() }),
});
export type DepotUser = z.infer<typeof depotUser>;

/** POST /api/ligne_depot: the depot id and the user id (seed 000 §7), both required (§5). */
export const depotUserBody = z.object({ depots: requiredId, users: requiredId });
export type DepotUserBody = z.infer<typeof depotUserBody>;
