import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, DEFAULT_TIMEOUT_MS, HEAVY_TIMEOUT_MS } from './api-client';

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
