import { z } from 'zod';
import { toLanguage } from '../languages.js';
import { emailRule, passwordRule } from '../validation.js';

/** POST /api/auth/forget_password (seed 000 §3): the mail is written in `langue` (fr by default). */
export const forgetPasswordBody = z.object({
  email: emailRule,
  langue: z
    .string()
    .max(10)
    .optional()
    .transform((value) => toLanguage(value)),
});
export type ForgetPasswordBody = z.input<typeof forgetPasswordBody>;

/** POST /api/auth/reset_password: the token from the mailed link and the new password twice. */
export const resetPasswordBody = z
  .object({
    token: z.string().trim().min(1, { message: 'validation.required' }).max(200, { message: 'validation.tooLong' }),
    password: passwordRule,
    confirmation: z.string({ message: 'validation.required' }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmation) {
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'validation.passwordMismatch' });
    }
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
