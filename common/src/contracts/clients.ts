import { z } from 'zod';
import { emailRule } from '../validation.js';
import { requiredText } from './common.js';

/** GET /api/auth/pays: ISO alpha-2 id, name in the caller's language, dial prefix ('+225'). */
export const country = z.object({ id: z.string(), nom: z.string(), indicatif: z.string() });
export type Country = z.infer<typeof country>;

/** Public self-registration channels (seed 000 §2: registers2asport, registerwin). */
export const CLIENT_CHANNELS = ['s2asport', 'win'] as const;
export type ClientChannel = (typeof CLIENT_CHANNELS)[number];

/**
 * POST /api/auth/clients/{s2asport|win} (seed 000 §5): nom, prenom, email, telephone and
 * country required; adresse may be blank. The telephone is the number with or without the
 * country's dial prefix; the server checks it against the country and stores it as +<prefix><digits>.
 */
export const clientRegistrationBody = z.object({
  nom: requiredText(100),
  prenom: requiredText(100),
  email: emailRule,
  telephone: z
    .string()
    .trim()
    .min(1, { message: 'validation.phoneRequired' })
    .max(30, { message: 'validation.tooLong' })
    // Blank is left to `min` above, so that an empty field gets one message.
    .regex(/^(\+?[\d\s().-]+)?$/, { message: 'validation.phoneInvalid' }),
  adresse: z.string().trim().max(255, { message: 'validation.tooLong' }).default(''),
  country: z.object(
    {
      id: z
        .string({ message: 'validation.countryRequired' })
        .trim()
        .regex(/^[A-Za-z]{2}$/, { message: 'validation.countryRequired' })
        .transform((value) => value.toUpperCase()),
      nom: z.string().max(100).optional(),
      indicatif: z.string().max(10).optional(),
    },
    { message: 'validation.countryRequired' },
  ),
});
export type ClientRegistrationBody = z.input<typeof clientRegistrationBody>;
export type ClientRegistrationInput = z.output<typeof clientRegistrationBody>;

export const registeredClient = z.object({
  idClient: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string().nullable(),
  telephone: z.string(),
  adresse: z.string(),
  country: z.object({ id: z.string(), indicatif: z.string() }),
});
export type RegisteredClient = z.infer<typeof registeredClient>;

/**
 * GET /api/auth/clients/{channel}/boutique: the shop a public channel feeds, so that its
 * sign-up page carries the shop's name (503 CHANNEL_NOT_CONFIGURED when none is set).
 */
export const channelShop = z.object({ nom: z.string(), adresse: z.string().nullable(), telephone: z.string().nullable() });
export type ChannelShop = z.infer<typeof channelShop>;

/** The existence checks answer 1 when the e-mail or phone is already registered, else 0. */
export const existsAnswer = z.union([z.literal(0), z.literal(1)]);
export type ExistsAnswer = z.infer<typeof existsAnswer>;
