import { isErrorCode, type ErrorCode } from '@app/common/errors';

/** `NETWORK`: no answer at all (offline, DNS, timeout), decided on the client. */
export type ClientErrorCode = ErrorCode | 'NETWORK';

export type FieldDetail = { field: string; message?: string };

/** Every failed call of the API client: the server's code, translated message and details. */
export class ApiError extends Error {
  readonly code: ClientErrorCode;
  /** HTTP status; 0 when the server was not reached. */
  readonly status: number;
  readonly details: unknown;
  readonly requestId: string | undefined;

  constructor(init: { code: ClientErrorCode; message: string; status: number; details?: unknown; requestId?: string }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.details = init.details;
    this.requestId = init.requestId;
  }
}

/**
 * Builds the error of a non-2xx answer. The body is normally `{ code, message, details?,
 * requestId }`; anything else (a proxy's HTML page) becomes INTERNAL with `fallbackMessage`.
 */
export function apiErrorFromResponse(status: number, body: unknown, fallbackMessage: string): ApiError {
  if (body && typeof body === 'object' && 'code' in body && isErrorCode(body.code)) {
    const value = body as { code: ErrorCode; message?: unknown; details?: unknown; requestId?: unknown };
    return new ApiError({
      code: value.code,
      status,
      message: typeof value.message === 'string' && value.message ? value.message : fallbackMessage,
      details: value.details,
      requestId: typeof value.requestId === 'string' ? value.requestId : undefined,
    });
  }
  return new ApiError({ code: 'INTERNAL', status, message: fallbackMessage });
}

/**
 * True when the same action may be sent again with the same idempotency key: nothing was
 * answered (network), or the server failed (5xx answers release the key on the server).
 */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500);
}

/** `[{ field: 'body.nom', message }]` → `{ nom: message }`; the first message of a field wins. */
export function fieldErrorsFromDetails(details: unknown, fallbackMessage: string): Record<string, string> {
  if (!Array.isArray(details)) return {};
  const errors: Record<string, string> = {};
  for (const item of details as unknown[]) {
    if (!item || typeof item !== 'object' || !('field' in item) || typeof item.field !== 'string') continue;
    const field = item.field.replace(/^(body|params|querystring|query)\./, '');
    if (!field || field in errors) continue;
    const message = 'message' in item && typeof item.message === 'string' && item.message ? item.message : fallbackMessage;
    errors[field] = message;
  }
  return errors;
}
