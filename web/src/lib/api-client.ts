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
  /** `null`: no time limit (a stream the caller may cancel, such as a long print). */
  timeoutMs?: number | null;
  signal?: AbortSignal;
  /** The `Accept` header; JSON unless a document (`application/pdf`) is asked for. */
  accept?: string;
  /**
   * The session's token by default. The sale queue passes the token of the session its sales
   * belong to, so that a sale is never sent under another user's name.
   */
  token?: string | null;
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

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type Answer<T> = { response: Response; value: T };

/**
 * The one transport of the web (issue 20 item 6): every call to the API goes through here, with
 * the user's language, the bearer token, an idempotency key on writes and a timeout that covers
 * the answer's body as `read` takes it. Failures are always an `ApiError` with a message the user
 * can read (`NETWORK` when no answer came); a refused session (401) is reported to the app once.
 */
async function send<T>(
  path: string,
  request: ApiRequest,
  read: (response: Response) => Promise<T>,
  streaming = false,
): Promise<Answer<T>> {
  const method = request.method ?? 'GET';
  const token = request.token === undefined ? getToken() : request.token;
  const headers: Record<string, string> = {
    Accept: request.accept ?? 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (request.body !== undefined && request.formData === undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET' && request.idempotent !== false)
    headers['Idempotency-Key'] = request.idempotencyKey ?? newIdempotencyKey();

  const controller = new AbortController();
  const heavy = request.heavy ?? request.formData !== undefined;
  const timeoutMs = request.timeoutMs === undefined ? (heavy ? HEAVY_TIMEOUT_MS : DEFAULT_TIMEOUT_MS) : request.timeoutMs;
  const timer = timeoutMs === null ? undefined : setTimeout(() => controller.abort(), timeoutMs);
  const abortFromCaller = () => controller.abort();
  request.signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response | undefined;
  let value: T | undefined;
  let failure: unknown;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: request.formData ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      signal: controller.signal,
    });
    if (response.ok) value = await read(response);
    else failure = parseBody(await response.text());
  } catch (error) {
    // A caller that cancelled (a query that is no longer needed) gets its own abort back.
    if (request.signal?.aborted) throw error;
    throw networkError();
  } finally {
    clearTimeout(timer);
    // A stream read by the caller stays cancellable by the caller's signal.
    if (!streaming || !response?.ok) request.signal?.removeEventListener('abort', abortFromCaller);
  }

  if (!response?.ok) {
    const error = apiErrorFromResponse(response?.status ?? 0, failure, i18n.t('errors:INTERNAL'));
    const sessionRefused = error.status === 401 || error.code === 'ACCOUNT_INACTIVE';
    if (token && sessionRefused && getToken() === token) onUnauthorized(error);
    throw error;
  }
  return { response, value: value as T };
}

/** A JSON call: the parsed answer (undefined for an empty one). */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const answer = await send(path, request, async (response) => parseBody(await response.text()));
  return answer.value as T;
}

/**
 * A document or a private file (a proof image, a PDF, a CSV) as a Blob. An `<img src>` cannot
 * carry the bearer token, so the bytes are fetched here and shown through an object URL. These
 * are heavy reads unless told otherwise.
 */
export async function apiFetchBlob(path: string, request: ApiRequest = {}): Promise<Blob> {
  const answer = await send(path, { heavy: true, accept: '*/*', ...request }, (response) => response.blob());
  return answer.value;
}

/**
 * A call whose answer the caller reads itself (a stream shown as it arrives). The time limit, if
 * any, covers only the headers: the caller may cancel through `signal`.
 */
export async function apiFetchResponse(path: string, request: ApiRequest = {}): Promise<Response> {
  const answer = await send(path, { accept: '*/*', timeoutMs: null, ...request }, (response) => Promise.resolve(response), true);
  return answer.response;
}
