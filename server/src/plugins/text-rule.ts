import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * The NUL character (U+0000) is the one character PostgreSQL `text` cannot hold, and a lone
 * UTF-16 surrogate (half of a character, e.g. "\ud800") is no character at all: PostgreSQL's
 * `jsonb` refuses it (the audit trail keeps texts such as a count's reason). A value carrying
 * either would reach the database and fail there (a 500). No field of the API has a use for
 * them, so they are refused up front with 400 VALIDATION_FAILED naming the field.
 */
const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type BadText = { path: string; message: 'validation.nulCharacter' | 'validation.badCharacter' };

function badIn(text: string, path: string): BadText | null {
  if (text.includes(NUL)) return { path, message: 'validation.nulCharacter' };
  if (LONE_SURROGATE.test(text)) return { path, message: 'validation.badCharacter' };
  return null;
}

/** The first place (`body.nom`, `params.search`, `query.lang`) holding a NUL or a lone surrogate, in a key or a text. */
export function findBadText(value: unknown, root: string): BadText | null {
  // Iterative walk: a deeply nested body must not overflow the stack.
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const bad = badIn(current, path);
      if (bad) return bad;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: `${path}.${index}` }));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current) && !(current instanceof Date)) {
      for (const [key, item] of Object.entries(current)) {
        const bad = badIn(key, path);
        if (bad) return bad;
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
    route.preValidation = [...own, refuseBadText];
  });
}

async function refuseBadText(request: FastifyRequest): Promise<void> {
  const bad = findBadText(request.params, 'params') ?? findBadText(request.query, 'query') ?? findBadText(request.body, 'body');
  if (bad !== null) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: bad.path, message: bad.message }] });
  }
}
