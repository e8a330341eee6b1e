import { describe, expect, it } from 'vitest';
import { PREPARED_MARK, statementName } from './prepared.js';

describe('named statements (db/prepared.ts)', () => {
  it('names a marked statement by its text, the same name each time, another for another text', () => {
    const named = new Set<string>();
    const a = statementName(`${PREPARED_MARK} select 1`, named);
    expect(a).toMatch(/^p_[0-9a-f]{40}$/);
    expect(statementName(`${PREPARED_MARK} select 1`, named)).toBe(a);
    expect(statementName(`${PREPARED_MARK} select 2`, named)).not.toBe(a);
    expect(named.size).toBe(2);
  });

  it('leaves unmarked and long statements unnamed, and stops naming new texts past 200 on a connection', () => {
    const named = new Set<string>();
    expect(statementName('select 1', named)).toBeUndefined();
    expect(statementName(`${PREPARED_MARK} select '${'x'.repeat(9_000)}'`, named)).toBeUndefined();
    for (let i = 0; i < 200; i++) expect(statementName(`${PREPARED_MARK} select ${i}`, named)).toBeDefined();
    expect(statementName(`${PREPARED_MARK} select 'one more'`, named)).toBeUndefined();
    // The ones it has keep their names.
    expect(statementName(`${PREPARED_MARK} select 7`, named)).toBeDefined();
    expect(named.size).toBe(200);
  });
});
