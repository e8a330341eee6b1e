import { z } from 'zod';
import { emailRule, usernameRule } from '../validation.js';
import { requiredText } from './common.js';

/**
 * A person (seed 000 §3 User): how every list and the session show one, and the identity
 * fields of every person form. Directors, platform admins, shop users and the signed-in user
 * compose these; each form adds its own phone rule and fields.
 */

/** A person on the wire. */
export const person = z.object({
  idUser: z.number().int(),
  username: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  /** 1 means yes (seed 000 §3). */
  active: z.number().int(),
});
export type Person = z.infer<typeof person>;

/** The identity fields of every person form, in the forms' order: username, names, e-mail. */
export const personFields = {
  username: usernameRule,
  nom: requiredText(100),
  prenom: requiredText(100),
  email: emailRule,
};

/** A director's or admin's phone: digits with an optional leading +; spaces, dots and dashes are dropped. */
export const personPhone = z
  .string({ message: 'validation.requiredShort' })
  .trim()
  .min(1, { message: 'validation.requiredShort' })
  .transform((value) => value.replace(/[\s.-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{6,15}$/, { message: 'validation.phoneInvalid' }));

/** The same phone where it is optional: blank means none. */
export const optionalPersonPhone = z.preprocess((v) => (v === '' || v === null ? undefined : v), personPhone.optional());

/** How documents name a person (the seller on a ticket): first name and name, else the username. */
export function printedName(p: Pick<Person, 'prenom' | 'nom' | 'username'>): string {
  return `${p.prenom.trim()} ${p.nom.trim()}`.trim() || p.username;
}
