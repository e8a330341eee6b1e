import { z } from 'zod';

export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

/** A required, trimmed text field. The message key is translated by the web form. */
export const requiredText = (max = 255) =>
  z.string().trim().min(1, { message: 'validation.required' }).max(max, { message: 'validation.tooLong' });

/** An optional, trimmed text: blank, null or absent is null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'validation.tooLong' })
    .nullish()
    .transform((value) => (value ? value : null));

/** RCCM (e.g. SN-DKR-2024-B-12345) and tax ids (a shop's, a client's): letters, digits, spaces and - / . only. */
export const legalNumber = (max: number) =>
  optionalText(max).refine((value) => value === null || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(value), { message: 'validation.legalNumber' });
