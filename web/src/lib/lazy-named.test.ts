import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryingImport } from './lazy-named';

afterEach(() => {
  vi.useRealTimers();
});

describe('retryingImport', () => {
  it('tries a failed import again later and resolves with the module once it arrives', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ name: 'container' });
    let settled: unknown = 'pending';
    void retryingImport(load, 1_000)().then(
      (module) => (settled = module),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(settled).toEqual({ name: 'container' });
  });
});
