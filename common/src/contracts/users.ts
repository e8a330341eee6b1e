import { z } from 'zod';
import { ROLE, type RoleId } from '../roles.js';
import { passwordRule } from '../validation.js';
import { role } from './auth.js';
import { depotRef, shopRef } from './depots.js';
import { requiredId } from './ids.js';
import { person, personFields } from './person.js';

/** Roles a director may give (GET /api/roles_directeur): every role but the platform admin. */
export const DIRECTOR_ASSIGNABLE_ROLES: readonly RoleId[] = [
  ROLE.director,
  ROLE.manager,
  ROLE.seller,
  ROLE.cashier,
  ROLE.warehouse,
];

export type RoleOption = z.infer<typeof role>;

/** A user as the director's lists show it. `boutiques` holds only shops the caller also belongs to. */
export const shopUser = person.extend({
  role: z.array(role),
  boutiques: z.array(shopRef),
});
export type ShopUser = z.infer<typeof shopUser>;

/** A user of one shop with the depots of that shop they are assigned to. */
export const shopUserWithDepots = shopUser.extend({ depots: z.array(depotRef) });
export type ShopUserWithDepots = z.infer<typeof shopUserWithDepots>;

const unique = <T>(values: T[]) => [...new Set(values)];

const roleIds = z
  .array(
    z
      .number({ message: 'validation.roleInvalid' })
      .int({ message: 'validation.roleInvalid' })
      .refine((id) => (DIRECTOR_ASSIGNABLE_ROLES as readonly number[]).includes(id), { message: 'validation.roleInvalid' }),
    { message: 'validation.rolesRequired' },
  )
  .min(1, { message: 'validation.rolesRequired' })
  .max(10, { message: 'validation.tooLong' })
  .transform((ids) => unique(ids) as RoleId[]);

const shopIds = z
  .array(requiredId, { message: 'validation.shopsRequired' })
  .min(1, { message: 'validation.shopsRequired' })
  .max(100, { message: 'validation.tooLong' })
  .transform(unique);

/** Optional phone of a user: blank means none. */
const optionalPhone = z
  .string()
  .trim()
  .max(30, { message: 'validation.tooLong' })
  .nullish()
  .transform((value) => value || null);

/**
 * The director's user form (seed 000 §5): username, nom, prenom, email required; roles and
 * shops as id lists. The old client also sends an empty `token` and `langue: 'FR'`: accepted, unused.
 */
const userFields = z.object({
  ...personFields,
  telephone: optionalPhone,
  role: roleIds,
  boutiques: shopIds,
  token: z.string().max(500).optional(),
  langue: z.string().max(5).optional(),
});

/** POST /api/users_gerant and /api/users_caisse_a. */
export const createUserBody = userFields.extend({ password: passwordRule });
export type CreateUserBody = z.input<typeof createUserBody>;
export type CreateUserInput = z.output<typeof createUserBody>;

/** PUT /api/users/gerant/{idUser}: roles and shops are replaced (within the caller's shops). */
export const updateUserBody = userFields;
export type UpdateUserBody = z.input<typeof updateUserBody>;
export type UpdateUserInput = z.output<typeof updateUserBody>;

/** PUT /api/update/pass/{idUser}: the new password, and its confirmation when the form has one. */
export const setPasswordBody = z
  .object({
    idUser: requiredId.optional(),
    nouveau: passwordRule,
    confirmation: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmation !== undefined && value.confirmation !== value.nouveau) {
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'validation.passwordMismatch' });
    }
  });
export type SetPasswordBody = z.input<typeof setPasswordBody>;
