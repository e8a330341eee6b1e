import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * The NUL character (U+0000) is the one character PostgreSQL `text` cannot hold: a value
 * carrying it would reach the database and fail there (a 500). No field of the API has a
 * use for it, so it is refused up front with 400 VALIDATION_FAILED naming the field.
 */
const NUL = '\u0000';

/** The first place (`body.nom`, `params.search`, `query.lang`) holding a NUL, in a key or a text. */
export function findNul(value: unknown, root: string): string | null {
  // Iterative walk: a deeply nested body must not overflow the stack.
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: `${path}.${index}` }));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current) && !(current instanceof Date)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes(NUL)) return path;
        stack.push({ value: item, path: `${path}.${key}` });
      }
    }
  }
  return null;
}

/**
 * One rule for every route, present and future: each route gets, as its last preValidation
 * hook (after a multipart body is read into `request.body`), a check of its path parameters,
 * query and body as sent, before the schema strips or transforms anything.
 */
export function registerTextRule(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [...own, refuseNul];
  });
}

async function refuseNul(request: FastifyRequest): Promise<void> {
  const field = findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
  if (field !== null) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field, message: 'validation.nulCharacter' }] });
  }
}
