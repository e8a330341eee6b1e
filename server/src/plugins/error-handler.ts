import { ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '@app/common/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { requestLanguage, translator } from '../lib/i18n.js';

type Issue = { path: string; message: string };

/** Whether the PostgreSQL error (raw or wrapped by Drizzle in `cause`) has one of these SQLSTATE codes. */
function hasSqlState(error: unknown, codes: string[]): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && codes.includes(e.code)) return true;
  }
  return false;
}

/** unique_violation */
const isUniqueViolation = (error: unknown) => hasSqlState(error, ['23505']);
/** deadlock_detected, serialization_failure: the transaction was rolled back whole, a retry may pass. */
const isRetryableConflict = (error: unknown) => hasSqlState(error, ['40P01', '40001']);
/** numeric_value_out_of_range: a value past its column (an integer stock level's 2^31 - 1); the statement, and so its transaction, wrote nothing. */
const isOutOfRange = (error: unknown) => hasSqlState(error, ['22003']);

/**
 * Field messages that are keys of the common catalogue (validation.*), or error codes
 * (BARCODE_TAKEN: the form shows it under its field), leave translated.
 */
function translateDetails(details: unknown, t: ReturnType<typeof translator>): unknown {
  if (!Array.isArray(details)) return details;
  return details.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || !('message' in item)) return item;
    const { message } = item as { message: unknown };
    if (typeof message !== 'string') return item;
    if (message.startsWith('validation.')) return { ...item, message: t(message, { ns: 'common' }) };
    if (Object.hasOwn(ERROR_STATUS, message)) return { ...item, message: t(message, { ns: 'errors' }) };
    return item;
  });
}

/** Maps a Fastify/plugin error with a status to one of our codes. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_FILE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 400 && status < 500) return 'BAD_REQUEST';
  return 'INTERNAL';
}

/**
 * The one error handler: every error leaves as `{ code, message, details?, requestId }` with
 * the message in the caller's language. Handlers never hand-write a 4xx. A 500 is logged with
 * the request id and answers a generic message, never a stack trace.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);

  app.setNotFoundHandler((request, reply) => {
    const t = translator(requestLanguage(request.headers, request.query));
    void reply.status(404).send({ code: 'NOT_FOUND', message: t('NOT_FOUND', { ns: 'errors' }), requestId: request.id });
  });
}

/**
 * Errors the router answers before any route runs (a path that is not valid percent-encoding,
 * a path parameter over the length limit): Fastify's `frameworkErrors` option, same shape.
 */
export const handleFrameworkError: FastifyServerOptions['frameworkErrors'] = (error, request, reply) => {
  sendError(error, request, reply);
};

function sendError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): void {
  const t = translator(requestLanguage(request.headers, request.query));
  let code: ErrorCode;
  let details: unknown;
  let params: Record<string, unknown> = {};

  if (error instanceof AppError) {
    code = error.code;
    details = translateDetails(error.details, t);
    params = { ...error.params };
    // A limit names what it counts (`whatKey`, « 1 boutique », « 3 boutiques ») and its plan
    // (`planCode`), translated in the caller's language.
    if (typeof params.whatKey === 'string') params.what = t(`limit.${params.whatKey}`, { ns: 'errors', count: Number(params.used ?? params.limit) });
    if (typeof params.planCode === 'number') params.plan = t(`plans.${params.planCode}`, { ns: 'common', defaultValue: String(params.plan) });
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    code = 'VALIDATION_FAILED';
    const fields: Issue[] = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message ?? '',
    }));
    // Messages are keys of the common catalogue (validation.*). A rule without one (zod's own
    // English, « expected object, received null ») says missing or invalid in the caller's language.
    const keyOf = (message: string) =>
      message.startsWith('validation.') ? message : /received undefined$/.test(message) ? 'validation.required' : 'validation.invalid';
    details = translateDetails(
      fields.map((field) => ({ field: field.path, message: keyOf(field.message) })),
      t,
    );
  } else if (isUniqueViolation(error)) {
    // A race the service's own check could not see (two requests at once): a conflict, not a crash.
    code = 'CONFLICT';
  } else if (isRetryableConflict(error)) {
    // Kept out of reach by lock order (db/sales-lock.ts); should one happen, it is no crash.
    code = 'BUSY_RETRY';
  } else if (isOutOfRange(error)) {
    // The contracts cap what a body may say; a sum of accepted values can still pass a column's range.
    code = 'NUMBER_TOO_LARGE';
  } else if (isResponseSerializationError(error)) {
    code = 'INTERNAL';
  } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    code = 'BAD_REQUEST';
  } else {
    code = typeof error.statusCode === 'number' ? codeForStatus(error.statusCode) : 'INTERNAL';
  }

  const status = ERROR_STATUS[code];
  if (status >= 500) request.log.error({ err: error }, code === 'BUSY_RETRY' ? 'transaction gave way, answered 503' : 'request failed');
  else if (code === 'NUMBER_TOO_LARGE') request.log.warn({ err: error }, 'a value past its column, answered 422');
  else request.log.info({ code }, 'request refused');

  const body: ApiErrorBody = { code, message: t(code, { ns: 'errors', ...params }), requestId: request.id };
  if (details !== undefined) body.details = details;
  // A limiter that knows when its window ends has said so already.
  if (error instanceof AppError && error.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
  if (code === 'BUSY_RETRY') reply.header('retry-after', '1');
  void reply.status(status).send(body);
}
