import { z } from 'zod';

export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

/** A required, trimmed text field. The message key is translated by the web form. */
export const requiredText = (max = 255) =>
  z.string().trim().min(1, { message: 'validation.required' }).max(max, { message: 'validation.tooLong' });
