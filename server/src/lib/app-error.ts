import { ERROR_STATUS, type ErrorCode } from '@app/common/errors';

/** A business error: the error handler maps its code to a status and a translated message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  /** Interpolation values for the translated message. */
  readonly params: Record<string, unknown>;

  constructor(code: ErrorCode, options: { details?: unknown; params?: Record<string, unknown>; message?: string } = {}) {
    super(options.message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.params = options.params ?? {};
  }
}

export const notFound = () => new AppError('NOT_FOUND');
