import { z } from 'zod';
import { passwordRule, usernameRule } from '../validation.js';

/**
 * PUT /e2v/api/profil/{idU}: username, and the password only when the change box is ticked, with
 * the current password (ASVS 4.0.3 V2.1.6: a session left open on a shared till cannot take the
 * account by changing its password).
 */
export const profileBody = z
  .object({
    username: usernameRule,
    changePassword: z.boolean().default(false),
    currentPassword: z.string().max(200).optional(),
    password: z.string().optional(),
    confirmation: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.changePassword) return;
    if (!value.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'validation.required' });
    const strength = passwordRule.safeParse(value.password ?? '');
    if (!strength.success) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: strength.error.issues[0]?.message ?? 'validation.required' });
    } else if (value.password !== value.confirmation) {
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'validation.passwordMismatch' });
    }
  });
export type ProfileBody = z.input<typeof profileBody>;
