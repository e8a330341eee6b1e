import { z } from 'zod';
import { passwordRule } from '../validation.js';
import { requiredText } from './common.js';
import { optionalPersonPhone, person, personFields } from './person.js';
import { PLAN_CODE, registrationShopPhone } from './registration.js';

/**
 * Platform admin screens of seed 000 §2: directors (app/utilisateur-directeur), platform
 * admins (app/utilisateur-admin) and subscription activation (app/utilisateur-activatedirecteur).
 */

/** Optional password on edit: blank means unchanged. */
const optionalPassword = z.preprocess((v) => (v === '' || v === null ? undefined : v), passwordRule.optional());

/** Admin dialogs: 1 to 4 years (seed 000 §9). */
export const ADMIN_YEARS = [1, 2, 3, 4] as const;

const planCode = z
  .number({ message: 'validation.requiredShort' })
  .int()
  .refine((code) => (Object.values(PLAN_CODE) as number[]).includes(code), { message: 'validation.invalid' });
const adminYears = z
  .number({ message: 'validation.requiredShort' })
  .int()
  .refine((years) => (ADMIN_YEARS as readonly number[]).includes(years), { message: 'validation.invalid' });
const agreedPrice = z
  .number()
  .int({ message: 'validation.invalid' })
  .min(0, { message: 'validation.invalid' })
  .max(1_000_000_000_000);
const planCount = (max: number) =>
  z
    .number()
    .int({ message: 'validation.countInvalid' })
    .min(1, { message: 'validation.countInvalid' })
    .max(max, { message: 'validation.countInvalid' });

/** The account's latest subscription line, as the director edit dialog shows it; null: none. */
export const directorPlan = z.object({
  idLigne: z.number().int(),
  abonnement: z.number().int(),
  days: z.number().int(),
  prixFcfa: z.number().int().nullable(),
  boutiques: z.number().int(),
  depots: z.number().int(),
  users: z.number().int(),
  status: z.enum(['pending', 'active']),
  endsAt: z.string().nullable(),
});
export type DirectorPlan = z.infer<typeof directorPlan>;

/** A director account as the admin's table shows it, with its first shop for the edit dialog. */
export const directorRow = person.extend({
  /** The account's first shop (lowest id, not deleted); null when it has none. */
  idBoutique: z.number().int().nullable(),
  nomBoutque: z.string().nullable(),
  adresse: z.string().nullable(),
  tel: z.string().nullable(),
  ligne: directorPlan.nullable(),
});
export type DirectorRow = z.infer<typeof directorRow>;

const directorFields = {
  ...personFields,
  telephone: optionalPersonPhone,
  /** First shop: name, address and phone (the same names as the registration payload). */
  nomBoutque: requiredText(120),
  adresse: requiredText(255),
  tel: registrationShopPhone,
};

/**
 * The plan and period the admin attaches to a director (a director made by the admin used to
 * have no subscription). Bronze and Argent take the plan's counts and price × years;
 * Personaliser needs its counts and the agreed price. Sent nested as `ligne`, so that its
 * `boutiques` count is never read as a shop the request names.
 */
export const planChoice = z
  .object(
    {
      abonnement: planCode,
      annees: adminYears,
      prixFcfa: agreedPrice.nullish(),
      boutiques: planCount(1000).nullish(),
      depots: planCount(10_000).nullish(),
      users: planCount(100_000).nullish(),
    },
    { message: 'validation.required' },
  )
  .superRefine((value, ctx) => {
    if (value.abonnement !== PLAN_CODE.personaliser) return;
    for (const key of ['boutiques', 'depots', 'users', 'prixFcfa'] as const) {
      if (value[key] === undefined || value[key] === null) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'validation.required' });
      }
    }
  });
export type PlanChoice = z.output<typeof planChoice>;

/** POST /api/users_directeur: every field required; the director is created active with the plan. */
export const createDirectorBody = z.object({ ...directorFields, password: passwordRule, ligne: planChoice });
export type CreateDirectorBody = z.output<typeof createDirectorBody>;

/**
 * PUT /api/users_directeur/{idUser}: the same fields; a blank or missing password is unchanged.
 * `ligne` is optional: given, it changes the account's latest line (or attaches an active one).
 */
export const updateDirectorBody = z.object({ ...directorFields, password: optionalPassword, ligne: planChoice.optional() });
export type UpdateDirectorBody = z.output<typeof updateDirectorBody>;

/** A platform admin (GET /api/users_admin/). */
export const adminRow = person;
export type AdminRow = z.infer<typeof adminRow>;

const adminFields = { ...personFields, telephone: optionalPersonPhone };

/** POST /api/users_admin. */
export const createAdminBody = z.object({ ...adminFields, password: passwordRule });
export type CreateAdminBody = z.output<typeof createAdminBody>;

/** PUT /api/users_admin/{idUser}: a blank or missing password is unchanged. */
export const updateAdminBody = z.object({ ...adminFields, password: optionalPassword });
export type UpdateAdminBody = z.output<typeof updateAdminBody>;

/** `pending` until activated; `expired` once an active line's end has passed. */
export const subscriptionStatus = z.enum(['pending', 'active', 'expired']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

/** A subscription line (the seeds' ligne abonnement) as the activation table shows it. */
export const subscriptionLine = z.object({
  idLigne: z.number().int(),
  users: person,
  /** The plan, with the counts of this line (the requested ones for Personaliser). */
  abonnement: z.object({
    code: z.number().int(),
    libelle: z.string(),
    boutiques: z.number().int(),
    depots: z.number().int(),
    users: z.number().int(),
    factures: z.number().int().nullable(),
  }),
  /** Name of the account's first shop. */
  nomBoutque: z.string().nullable(),
  status: subscriptionStatus,
  days: z.number().int(),
  prixFcfa: z.number().int().nullable(),
  /** ISO date-times; null while pending. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  /** URL of the proof image (GET, bearer token required), or null. */
  preuve: z.string().nullable(),
});
export type SubscriptionLine = z.infer<typeof subscriptionLine>;

/**
 * PUT /api/ligne/abonnement/{idLigne}: plan and period (DECISIONS §10: the dialog saves).
 * `prixFcfa` defaults to the plan's yearly price times the years (Personaliser: unchanged).
 * `activer: true` also activates a pending line, in the same transaction.
 */
export const updateSubscriptionLineBody = z.object({
  abonnement: planCode,
  annees: adminYears,
  prixFcfa: agreedPrice.nullish(),
  activer: z.boolean().optional(),
});
export type UpdateSubscriptionLineBody = z.output<typeof updateSubscriptionLineBody>;
