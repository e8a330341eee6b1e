import { z } from 'zod';

/**
 * Username of seed 000 §5: 3 to 20 letters, digits, dot or underscore; at least one letter;
 * no doubled dot/underscore; not starting or ending with one. Stored lower-case (DECISIONS §2).
 */
export const USERNAME_PATTERN = /^(?=.{3,20}$)(?![._])(?!.*[._]{2})(?=.*[A-Za-z])[A-Za-z0-9._]+(?<![._])$/;

export const usernameRule = z
  .string()
  .trim()
  .min(1, { message: 'validation.usernameRequired' })
  .regex(USERNAME_PATTERN, { message: 'validation.usernameInvalid' })
  .transform((value) => value.toLowerCase());

/** Password of seed 000 §5: upper case, lower case, a digit, at least 6 characters. */
export const passwordRule = z
  .string()
  .min(1, { message: 'validation.passwordRequired' })
  .max(200, { message: 'validation.tooLong' })
  .refine((v) => v.length >= 6 && /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v), {
    message: 'validation.passwordWeak',
  });

export const emailRule = z
  .string()
  .trim()
  .min(1, { message: 'validation.emailRequired' })
  .pipe(z.email({ message: 'validation.emailInvalid' }))
  .transform((value) => value.toLowerCase());
