import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed, retryingImport } from './lazy-named';

function Greeting({ name }: { name: string }) {
  return createElement('p', null, `hello ${name}`);
}

/** One render pass, as the first render of the app: a component that suspends shows the fallback. */
function firstPass(Screen: (props: { name: string }) => React.ReactElement): string {
  return renderToString(createElement(Suspense, { fallback: 'loading' }, createElement(Screen, { name: 'Awa' })));
}

describe('lazyNamed', () => {
  it('renders a preloaded screen in the first pass, without its fallback; otherwise the fallback first', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const Screen = lazyNamed(load, 'Greeting', { firstScreen: true });
    const NotPreloaded = lazyNamed(async () => ({ Greeting }), 'Greeting', { firstScreen: true });
    await Screen.preload();
    expect(firstPass(Screen)).toContain('hello Awa');
    expect(firstPass(NotPreloaded)).toContain('loading');
    expect(firstPass(NotPreloaded)).not.toContain('hello');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed download (no network) instead of keeping the failure', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Greeting });
    const Screen = lazyNamed(load, 'Greeting', { firstScreen: true });
    await expect(Screen.preload()).rejects.toThrow(TypeError);
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(firstPass(Screen)).toContain('hello Awa');
  });
});

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
