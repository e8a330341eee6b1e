/** Every error code the API answers with, and its HTTP status (one exhaustive map). */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 401,
  ACCOUNT_INACTIVE: 403,
  FORBIDDEN: 403,
  NOT_SHOP_MEMBER: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  PHONE_TAKEN: 409,
  LAST_SHOP: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PLAN_LIMIT: 409,
  SUBSCRIPTION_EXPIRED: 403,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_FILE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error body of the API. `message` is translated for the caller's language. */
export type ApiErrorBody = {
  code: ErrorCode;
  message: string;
  details?: unknown;
  requestId: string;
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
