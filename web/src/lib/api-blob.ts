import { HEAVY_TIMEOUT_MS } from './api-client';
import { ApiError, apiErrorFromResponse } from './api-error';
import { currentLanguage, i18n } from './i18n';
import { getToken } from './session';

/**
 * GET of a private file (a proof image) as a Blob. An `<img src>` cannot carry the bearer
 * token, so the bytes are fetched here and shown through an object URL. Images are heavy reads.
 */
export async function apiFetchBlob(path: string, signal?: AbortSignal, accept?: string): Promise<Blob> {
  const token = getToken();
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  // A route answering JSON or PDF by `Accept` (a credit note) is asked for the PDF.
  if (accept) headers.Accept = accept;
  if (token) headers.Authorization = `Bearer ${token}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HEAVY_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  signal?.addEventListener('abort', abortFromCaller, { once: true });
  try {
    const response = await fetch(path, { headers, signal: controller.signal });
    if (!response.ok) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // not JSON: the fallback message below
      }
      throw apiErrorFromResponse(response.status, body, i18n.t('errors:INTERNAL'));
    }
    return await response.blob();
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw new ApiError({ code: 'NETWORK', status: 0, message: i18n.t('errors:NETWORK') });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}
