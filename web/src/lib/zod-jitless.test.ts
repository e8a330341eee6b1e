import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('makes zod (loaded after it) parse without compiling code', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A parse does not probe `new Function` (it would be refused under the CSP).
    const probe = globalThis.Function;
    const calls: unknown[] = [];
    globalThis.Function = new Proxy(probe, {
      construct(target, args) {
        calls.push(args);
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    } finally {
      globalThis.Function = probe;
    }
    expect(calls).toEqual([]);
  });
});
