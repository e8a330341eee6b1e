import {
  customRegistrationBody,
  MAX_PROOF_BYTES,
  PLAN_CODE,
  REGISTRATION_DAYS,
  standardRegistrationBody,
} from '@app/common/contracts/registration';
import { planPriceFcfa } from '@app/common/money';
import { USERNAME_PATTERN } from '@app/common/validation';
import { zodFormErrors } from '../../lib/form-errors';

/** The register screen's values: text as typed, the plan and period as radio values, the proof file. */
export type RegisterFormValues = {
  nom: string;
  prenom: string;
  username: string;
  email: string;
  telephone: string;
  password: string;
  confirmation: string;
  nomBoutque: string;
  tel: string;
  adresse: string;
  /** '2' Bronze, '3' Argent, '4' Personaliser, '' none chosen yet. */
  abonnement: string;
  /** '365', '730' or '1095'. */
  jours: string;
  /** Personaliser only: what the director asks for ('' when not given). */
  boutiques: number | '';
  depots: number | '';
  users: number | '';
  factures: number | '';
  preuve: File | null;
};

export const EMPTY_REGISTRATION: RegisterFormValues = {
  nom: '',
  prenom: '',
  username: '',
  email: '',
  telephone: '',
  password: '',
  confirmation: '',
  nomBoutque: '',
  tel: '',
  adresse: '',
  abonnement: '',
  jours: String(REGISTRATION_DAYS[0]),
  boutiques: '',
  depots: '',
  users: '',
  factures: '',
  preuve: null,
};

export const CUSTOM_PLAN = String(PLAN_CODE.personaliser);

export function isCustomPlan(values: Pick<RegisterFormValues, 'abonnement'>): boolean {
  return values.abonnement === CUSTOM_PLAN;
}

/** `?plan=3` from the landing page's plan cards preselects that plan. */
export function planFromQuery(value: string | null): string {
  return value && (Object.values(PLAN_CODE) as number[]).map(String).includes(value) ? value : '';
}

/** Bronze and Argent need the proof; Personaliser needs the counts instead (seed 000 §5). */
export function registrationSchema(values: Pick<RegisterFormValues, 'abonnement'>) {
  return isCustomPlan(values) ? customRegistrationBody : standardRegistrationBody;
}

/** What the contract validates: the form's values, with the plan's own fields only. */
export function registrationInput(values: RegisterFormValues): Record<string, unknown> {
  const { boutiques, depots, users, factures, preuve, ...common } = values;
  const base = { ...common, preuve: preuve ?? undefined };
  return isCustomPlan(values) ? { ...base, boutiques, depots, users, factures } : base;
}

/**
 * The form's validator: the contract's messages, plus the confirmation at once. The contract
 * compares the two passwords only once every other field is valid (an object-level check);
 * the user should not learn about a typo in the confirmation last.
 */
export function registrationErrors(values: RegisterFormValues): Record<string, string> {
  const errors = zodFormErrors(registrationSchema(values), registrationInput(values));
  if (!errors.confirmation && values.confirmation !== values.password) errors.confirmation = 'validation.passwordMismatch';
  return errors;
}

/** Multipart body of the parsed request: text parts, and the proof as a file part when there is one. */
export function registrationFormData(body: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) data.append(key, value, value instanceof File ? value.name : key);
    else data.append(key, String(value));
  }
  return data;
}

/** Tells one registration attempt from another for the idempotency key (the file by its name, size and date). */
export function registrationFingerprint(body: Record<string, unknown>): string {
  return JSON.stringify(body, (_key, value: unknown) =>
    value instanceof File ? { name: value.name, size: value.size, lastModified: value.lastModified } : value,
  );
}

export const PROOF_ACCEPT = 'image/png,image/jpeg,image/bmp,image/webp,.png,.jpg,.jpeg,.bmp,.webp';
const PROOF_TYPES = new Set(['image/png', 'image/jpeg', 'image/bmp', 'image/x-ms-bmp', 'image/webp']);
const PROOF_EXTENSIONS = /\.(png|jpe?g|bmp|webp)$/i;

/**
 * A first look at the chosen file, so that the user learns at once rather than after the upload;
 * the server checks the content itself (DECISIONS §8).
 */
export function proofProblem(file: Pick<File, 'name' | 'type' | 'size'>): 'badType' | 'tooBig' | 'empty' | null {
  if (!PROOF_TYPES.has(file.type) && !PROOF_EXTENSIONS.test(file.name)) return 'badType';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_PROOF_BYTES) return 'tooBig';
  return null;
}

/** Live checks only send values that could be valid: the server is rate-limited per address. */
export const plausibleUsername = (value: string) => USERNAME_PATTERN.test(value.trim());
export const plausibleEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());
export const normalPersonPhone = (value: string) => value.trim().replace(/[\s.-]/g, '');
export const plausiblePersonPhone = (value: string) => /^\+?\d{6,15}$/.test(normalPersonPhone(value));

/** The amount to transfer for a plan and the chosen period (the server's `planPriceFcfa`); none while no period is chosen. */
export function totalFcfa(priceFcfaPerYear: number | null, days: string): number | null {
  const period = Number(days);
  if (days.trim() === '' || !Number.isSafeInteger(period) || period <= 0) return null;
  return planPriceFcfa(priceFcfaPerYear, period);
}
