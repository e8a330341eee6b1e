import { z } from 'zod';
import { requiredText } from './common.js';
import { person } from './person.js';
import { shop } from './shops.js';

export const role = z.object({ idRole: z.number().int(), libelle: z.string() });

/** The signed-in user as the client stores it (seed 000 §3 User). */
export const sessionUser = person.extend({
  role: z.array(role),
  boutiques: z.array(shop),
  /** Subscription state of the user's account: writes are refused once expired. */
  subscription: z
    .object({ expired: z.boolean(), endsAt: z.string().nullable() })
    .nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const signinBody = z.object({
  username: requiredText(60),
  password: z.string().min(1, { message: 'validation.required' }).max(200),
});
export type SigninBody = z.infer<typeof signinBody>;

export const signinResponse = z.object({ accessToken: z.string(), tokenType: z.literal('Bearer'), user: sessionUser });
export type SigninResponse = z.infer<typeof signinResponse>;

export const meResponse = sessionUser;
