import { ApiError, apiErrorFromResponse } from './api-error';
import { currentLanguage, i18n } from './i18n';
import { newIdempotencyKey } from './retry-key';
import { getToken } from './session';

/** Seed 000 §7: 3 s for most calls, 30 s for heavy reads. */
export const DEFAULT_TIMEOUT_MS = 3_000;
export const HEAVY_TIMEOUT_MS = 30_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type ApiRequest = {
  method?: Method;
  body?: unknown;
  /**
   * A multipart body (file uploads): sent as is, the browser sets its content type and
   * boundary. Uploads on slow links get the heavy timeout unless `timeoutMs` says otherwise.
   */
  formData?: FormData;
  /** One key per user action, reused when the same action is retried. Writes get a fresh one otherwise. */
  idempotencyKey?: string;
  /** Sign-in sends none: its answer carries a token, which must not be kept in the replay store. */
  idempotent?: boolean;
  heavy?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
};

type UnauthorizedListener = (error: ApiError) => void;
let onUnauthorized: UnauthorizedListener = () => undefined;

/** The app decides what a refused session means (clear it, go to login). */
export function setUnauthorizedListener(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

function networkError(): ApiError {
  return new ApiError({ code: 'NETWORK', status: 0, message: i18n.t('errors:NETWORK') });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Every call to the API: JSON in and out, the user's language, the bearer token, an
 * idempotency key on writes and a timeout. Failures are always an `ApiError` with a message
 * the user can read; a refused session (401) is reported to the app once.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  if (request.body !== undefined && request.formData === undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET' && request.idempotent !== false)
    headers['Idempotency-Key'] = request.idempotencyKey ?? newIdempotencyKey();

  const controller = new AbortController();
  const heavy = request.heavy ?? request.formData !== undefined;
  const timeoutMs = request.timeoutMs ?? (heavy ? HEAVY_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const abortFromCaller = () => controller.abort();
  request.signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: request.formData ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      signal: controller.signal,
    });
    body = await readBody(response);
  } catch (error) {
    // A caller that cancelled (a query that is no longer needed) gets its own abort back.
    if (request.signal?.aborted) throw error;
    throw networkError();
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', abortFromCaller);
  }

  if (!response.ok) {
    const error = apiErrorFromResponse(response.status, body, i18n.t('errors:INTERNAL'));
    const sessionRefused = error.status === 401 || error.code === 'ACCOUNT_INACTIVE';
    if (token && sessionRefused && getToken() === token) onUnauthorized(error);
    throw error;
  }
  return body as T;
}
