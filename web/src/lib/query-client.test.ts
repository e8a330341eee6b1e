import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient } from './query-client';

const offlineError = () => new ApiError({ code: 'NETWORK', status: 0, message: 'offline' });

/** Fails instead of waiting forever when the call was paused. */
function within<T>(promise: Promise<T>, ms = 1_000): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('paused')), ms))]);
}

describe('query client while the browser says it is offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('runs a save and ends it with the network error instead of pausing it', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(offlineError()) });
    await expect(within(mutation.execute(undefined))).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('runs a read and ends it with the network error after its retries', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    let calls = 0;
    const read = client.fetchQuery({
      queryKey: ['offline-read'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(offlineError());
      },
      retryDelay: 1,
    });
    await expect(within(read)).rejects.toMatchObject({ code: 'NETWORK' });
    expect(calls).toBe(3);
  });
});
