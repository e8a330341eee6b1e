import { z } from 'zod';
import { PAYMENT_METHODS } from '../payments.js';
import { ID_MAX, idParam, requiredId } from './ids.js';
import { typedAmount } from './payments.js';
import { calendarDay } from './reports.js';

/** `/api/clotures/apercu/{idCaisse}/{date}`: a register and a business day of its shop. */
export const closingDayParams = z.object({ idCaisse: idParam, date: calendarDay });

/**
 * POST /api/clotures: the register and day to close, the opening float put in the drawer that
 * morning (entered at closing; 0 when none), the cash counted in the drawer and an optional note.
 */
export const closingBody = z.object({
  caisse: z.union([requiredId, z.object({ idCaisse: requiredId }).transform((c) => c.idCaisse)]),
  date: calendarDay,
  fondDeCaisse: typedAmount.nullish().transform((v) => v ?? 0),
  montantCompte: typedAmount,
  note: z
    .string()
    .trim()
    .max(500, { message: 'validation.tooLong' })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ClosingBody = z.input<typeof closingBody>;
export type ClosingInput = z.output<typeof closingBody>;

/** `?format=ticket` for the 80 mm ticket; A4 otherwise. */
export const closingDocumentQuery = z.object({ format: z.enum(['a4', 'ticket']).optional(), lang: z.string().max(5).optional() });

/**
 * A register's day: before closing (the preview, `cloturee` false, nothing counted yet) or as
 * closed (the stored figures). Amounts applied to invoices per method; `especesRecues` is the
 * cash handed over, `reliquat` the change given back, `especesAttendues` = fondDeCaisse +
 * especesRecues - reliquat, `ecart` = especesComptees - especesAttendues.
 */
export const closing = z.object({
  idCloture: z.number().int().max(ID_MAX).nullable(),
  cloturee: z.boolean(),
  date: z.string(),
  caisse: z.object({ idCaisse: z.number().int(), libelle: z.string() }),
  boutique: z.object({ idBoutique: z.number().int() }),
  parMethode: z.array(z.object({ methode: z.enum(PAYMENT_METHODS), montant: z.number().int() })),
  nombrePaiements: z.number().int(),
  totalEncaisse: z.number().int(),
  fondDeCaisse: z.number().int(),
  especesRecues: z.number().int(),
  reliquat: z.number().int(),
  especesAttendues: z.number().int(),
  especesComptees: z.number().int().nullable(),
  ecart: z.number().int().nullable(),
  note: z.string().nullable(),
  /** Who closed the day; documents and screens name them by first name and name (`printedName`). */
  user: z.object({ idUser: z.number().int(), username: z.string(), nom: z.string(), prenom: z.string() }).nullable(),
  clotureLe: z.string().nullable(),
  /**
   * Late sales (DECISIONS §13): sales made offline on a day already closed, paid on this register
   * and recorded on this day; how many and their invoices' total.
   */
  ventesEnRetard: z.object({ nombre: z.number().int(), montant: z.number().int() }),
});
export type Closing = z.infer<typeof closing>;
