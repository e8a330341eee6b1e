import { describe, expect, it } from 'vitest';
import { createRetryKey, newIdempotencyKey } from './retry-key';

describe('createRetryKey', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it('reuses the key while an unanswered action is retried', () => {
    const retry = createRetryKey(counter());
    expect(retry.keyFor('a')).toBe('key-1');
    retry.settle(true);
    expect(retry.keyFor('a')).toBe('key-1');
  });

  it('takes a new key after an answer or when the values change', () => {
    const retry = createRetryKey(counter());
    expect(retry.keyFor('a')).toBe('key-1');
    retry.settle(false);
    expect(retry.keyFor('a')).toBe('key-2');
    expect(retry.keyFor('b')).toBe('key-3');
  });

  it('makes uuid-shaped keys', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
