import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * Runs a contract schema as a form validator: `{ field: message }`, first message per field.
 * Messages are i18n keys (`validation.required`) translated when shown.
 */
export function zodFormErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A shown error: keys of the common catalogue (`validation.*`) are translated; the server's
 * messages arrive translated already. `overrides` swaps a key for a screen's own wording.
 */
export function translateError(t: TFunction, error: unknown, overrides: Record<string, string> = {}): string | undefined {
  if (typeof error !== 'string' || !error) return undefined;
  const key = overrides[error] ?? error;
  return /^[a-z]+(\.[A-Za-z0-9]+)+$/.test(key) ? t(key, { ns: 'common' }) : key;
}
