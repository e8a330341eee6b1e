import { z } from 'zod';
import { SHOP_PHONE_DIGITS } from '../constants.js';
import { passwordRule } from '../validation.js';
import { requiredText } from './common.js';
import { personFields, personPhone } from './person.js';

/**
 * Director registration of seed 000 §2/§3/§5. The same schemas validate the web form and the
 * server's multipart body; messages are `validation.*` keys of the common catalogue.
 */

/** Plan codes of seed 000 §9 (the `plans` table). */
export const PLAN_CODE = { bronze: 2, argent: 3, personaliser: 4 } as const;
export type PlanCode = (typeof PLAN_CODE)[keyof typeof PLAN_CODE];
export const STANDARD_PLAN_CODES = [PLAN_CODE.bronze, PLAN_CODE.argent] as const;
/** Periods offered at registration: 1, 2 or 3 years. */
export const REGISTRATION_DAYS = [365, 730, 1095] as const;
/** Proof images are capped (DECISIONS §8); the server answers 413 beyond it. */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

/** GET /api/abonnements/: a plan. Counts and price are null for Personaliser (quoted by the admin). */
export const plan = z.object({
  code: z.number().int(),
  libelle: z.string(),
  prixFcfa: z.number().int().nullable(),
  boutiques: z.number().int().nullable(),
  depots: z.number().int().nullable(),
  users: z.number().int().nullable(),
});
export type Plan = z.infer<typeof plan>;

/** Multipart fields arrive as text; form inputs may give numbers. Blank means missing. */
const toNumber = (value: unknown) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value);

const requiredNumber = () =>
  z.number({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.requiredShort' : 'validation.invalid'),
  });

/** A whole number from a form field, required with 'Required.'. */
export const formInt = (min: number, max: number) =>
  z.preprocess(
    toNumber,
    requiredNumber()
      .int({ message: 'validation.countInvalid' })
      .min(min, { message: 'validation.countInvalid' })
      .max(max, { message: 'validation.countInvalid' }),
  );

const oneOf = (values: readonly number[]) =>
  z.preprocess(
    toNumber,
    requiredNumber().refine((v) => values.includes(v), { message: 'validation.invalid' }),
  );

/** Text required with the seed's short message ('Required.'). */
const requiredShortText = (max: number) =>
  z
    .string({ message: 'validation.requiredShort' })
    .trim()
    .min(1, { message: 'validation.requiredShort' })
    .max(max, { message: 'validation.tooLong' });

/** Shop phone at registration: the 8-digit mask of seed 000 §5/§9, required with 'Required.'. */
export const registrationShopPhone = z
  .string({ message: 'validation.requiredShort' })
  .trim()
  .min(1, { message: 'validation.requiredShort' })
  .regex(new RegExp(`^\\d{1,${SHOP_PHONE_DIGITS}}$`), { message: 'validation.shopPhone' });

/** Present unless missing, blank or an empty file input (a browser sends a 0-byte part). */
function hasProof(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (typeof value === 'object' && 'size' in value && (value as { size: unknown }).size === 0) return false;
  return true;
}

const identityShape = {
  ...personFields,
  /** Address of the first shop. */
  adresse: requiredText(255),
  /** Name of the first shop (the seed's spelling). */
  nomBoutque: requiredShortText(120),
  /** The director's phone. */
  telephone: personPhone,
  /** The first shop's phone. */
  tel: registrationShopPhone,
  password: passwordRule,
  /** Checked when sent (the web form always sends it; the seed's payload has none). */
  confirmation: z.string().optional(),
  jours: oneOf(REGISTRATION_DAYS),
};

function confirmationMatches(value: { password: string; confirmation?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.confirmation !== undefined && value.confirmation !== value.password) {
    ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'validation.passwordMismatch' });
  }
}

/**
 * POST /api/auth/users/abonnement (multipart): Bronze or Argent, with the proof-of-transfer
 * image `preuve` (a File in the browser, the uploaded file on the server).
 */
export const standardRegistrationBody = z
  .object({
    ...identityShape,
    abonnement: oneOf(STANDARD_PLAN_CODES),
    preuve: z.unknown().refine(hasProof, { message: 'validation.proofRequired' }),
  })
  .superRefine(confirmationMatches);
export type StandardRegistrationBody = z.output<typeof standardRegistrationBody>;

/**
 * POST /api/auth/users/abonnement/personnalise (multipart): the counts the director asks for;
 * the proof is optional (the price is quoted by the admin first).
 */
export const customRegistrationBody = z
  .object({
    ...identityShape,
    abonnement: oneOf([PLAN_CODE.personaliser]).optional(),
    boutiques: formInt(1, 1000),
    depots: formInt(1, 10_000),
    users: formInt(1, 100_000),
    /** Invoices a year; optional. */
    factures: z.preprocess((v) => (v === '' || v === null ? undefined : v), formInt(1, 100_000_000).optional()),
    preuve: z.unknown().optional(),
  })
  .superRefine(confirmationMatches);
export type CustomRegistrationBody = z.output<typeof customRegistrationBody>;

/** 201 of both registration calls: the inactive director and the pending subscription line. */
export const registrationResponse = z.object({
  idUser: z.number().int(),
  username: z.string(),
  active: z.number().int(),
  idBoutique: z.number().int(),
  idLigne: z.number().int(),
  status: z.literal('pending'),
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;

/** Live existence checks answer 1 when the value exists, else 0 (seed 000 §7). */
export const existsResponse = z.union([z.literal(0), z.literal(1)]);
