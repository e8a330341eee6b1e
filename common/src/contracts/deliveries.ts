import { z } from 'zod';
import { requiredId } from './ids.js';
import { paymentInvoice } from './payments.js';

/** POST /api/livraisons_liv (seed 001 §3): the invoice and the driver (required). */
export const deliveryBody = z.object({
  facture: z.union([requiredId, z.object({ idFacture: requiredId }).transform((f) => f.idFacture)]),
  chauffeure: z.union([requiredId, z.object({ id: requiredId }).transform((d) => d.id)], {
    message: 'validation.driverRequired',
  }),
});
export type DeliveryBody = z.input<typeof deliveryBody>;

/**
 * Seed 001 livraison: idLivraison, facture, chauffeure (nom, telephone), nomChaufeur, createdAt;
 * with the user who delivered, and `livre` false once a director cancelled it.
 */
export const delivery = z.object({
  idLivraison: z.number().int(),
  facture: paymentInvoice,
  chauffeure: z.object({ id: z.number().int(), nom: z.string(), telephone: z.string() }),
  nomChaufeur: z.string(),
  user: z.object({ idUser: z.number().int(), username: z.string() }),
  livre: z.boolean(),
  annule: z.boolean(),
  createdAt: z.string(),
});
export type Delivery = z.infer<typeof delivery>;

/** Best clients (seed 001 §2; DECISIONS §6): amount invoiced this calendar year. */
export const bestClient = z.object({
  idClient: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  telephone: z.string(),
  adresse: z.string(),
  montant: z.number().int(),
  nombreFactures: z.number().int(),
});
export type BestClient = z.infer<typeof bestClient>;
