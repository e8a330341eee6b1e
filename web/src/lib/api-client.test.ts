import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiFetchBlob, apiFetchResponse, DEFAULT_TIMEOUT_MS, HEAVY_TIMEOUT_MS } from './api-client';
import { ApiError } from './api-error';

type Seen = { url: string; init: RequestInit };
let seen: Seen[] = [];

/** A server that never answers: the call only ends when it is aborted. */
function silentServer() {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Promise((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
}

/** The promise's state now, without waiting for it to settle. */
async function stateOf(promise: Promise<unknown>): Promise<'pending' | 'rejected' | 'fulfilled'> {
  let state: 'pending' | 'rejected' | 'fulfilled' = 'pending';
  promise.then(
    () => (state = 'fulfilled'),
    () => (state = 'rejected'),
  );
  await vi.advanceTimersByTimeAsync(0);
  return state;
}

describe('apiFetch timeouts (seed 001 §9)', () => {
  beforeEach(() => {
    seen = [];
    vi.useFakeTimers();
    silentServer();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('ends a call without answer after 3 s with the network error, instead of waiting forever', async () => {
    const call = apiFetch('/api/boutiques', { method: 'POST', body: { nom: 'x' }, idempotencyKey: 'key-1' });
    call.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(await stateOf(call)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
    expect(DEFAULT_TIMEOUT_MS).toBe(3_000);
  });

  it('gives heavy reads and uploads 30 s', async () => {
    const read = apiFetch('/api/stock', { heavy: true });
    const upload = apiFetch('/api/upload', { method: 'POST', formData: new FormData() });
    read.catch(() => undefined);
    upload.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(HEAVY_TIMEOUT_MS - 1);
    expect(await stateOf(read)).toBe('pending');
    expect(await stateOf(upload)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(read).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(upload).rejects.toMatchObject({ code: 'NETWORK' });
    expect(HEAVY_TIMEOUT_MS).toBe(30_000);
  });

  it('sends the action key it is given, so that a retry carries the same one', async () => {
    const first = apiFetch('/api/boutiques', { method: 'POST', body: {}, idempotencyKey: 'same-action' });
    const retry = apiFetch('/api/boutiques', { method: 'POST', body: {}, idempotencyKey: 'same-action' });
    first.catch(() => undefined);
    retry.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    const keys = seen.map((call) => (call.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toEqual(['same-action', 'same-action']);
    // A read carries none.
    const read = apiFetch('/api/boutique/users/page/1');
    read.catch(() => undefined);
    expect((seen[2]?.init.headers as Record<string, string>)['Idempotency-Key']).toBeUndefined();
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
  });
});

describe('one transport for JSON, documents and streams (issue 20 item 6)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function answering(status: number, body: string, type = 'application/json') {
    seen = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return Promise.resolve(new Response(body, { status, headers: { 'content-type': type } }));
    });
  }

  it('fetches a document as a Blob with the language and the given token, and maps a refusal to the API error', async () => {
    answering(200, '%PDF-1.7', 'application/pdf');
    const blob = await apiFetchBlob('/api/downloadFile/x.pdf', { accept: 'application/pdf', token: 'queue-token' });
    expect(await blob.text()).toBe('%PDF-1.7');
    const headers = seen[0]?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer queue-token');
    expect(headers.Accept).toBe('application/pdf');
    expect(headers['Accept-Language']).toBeTruthy();

    answering(404, JSON.stringify({ code: 'NOT_FOUND', message: 'Introuvable', requestId: 'r1' }));
    await expect(apiFetchBlob('/api/downloadFile/y.pdf')).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Introuvable' });
  });

  it('hands a stream to its reader and reports a failed one as the network error', async () => {
    answering(200, 'streamed', 'application/pdf');
    const response = await apiFetchResponse('/api/stock/print');
    expect(await response.text()).toBe('streamed');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiFetchResponse('/api/stock/print')).rejects.toBeInstanceOf(ApiError);
    await expect(apiFetch('/api/boutiques')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });
});
