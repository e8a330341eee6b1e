/** The rules of seed 000 §5 (`passwordRule` in common/src/validation.ts), shown as a checklist while typing. */
export type PasswordRequirement = 'length' | 'lower' | 'upper' | 'digit';

export const PASSWORD_MIN_LENGTH = 6;

const TESTS: Record<PasswordRequirement, (value: string) => boolean> = {
  length: (value) => value.length >= PASSWORD_MIN_LENGTH,
  lower: (value) => /[a-z]/.test(value),
  upper: (value) => /[A-Z]/.test(value),
  digit: (value) => /\d/.test(value),
};

export const PASSWORD_REQUIREMENTS = Object.keys(TESTS) as PasswordRequirement[];

export function passwordChecks(value: string): Record<PasswordRequirement, boolean> {
  return { length: TESTS.length(value), lower: TESTS.lower(value), upper: TESTS.upper(value), digit: TESTS.digit(value) };
}

/**
 * 0 to 100 for the meter: each required rule counts, and a special character or a length of
 * 10 or more (which the seed's message recommends but the rule does not demand) adds the rest.
 */
export function passwordStrength(value: string): number {
  if (!value) return 0;
  const met = Object.values(passwordChecks(value)).filter(Boolean).length;
  const bonus = (/[^A-Za-z0-9]/.test(value) ? 1 : 0) + (value.length >= 10 ? 1 : 0);
  return Math.round(((met + bonus) / (PASSWORD_REQUIREMENTS.length + 2)) * 100);
}
