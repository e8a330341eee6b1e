import { describe, expect, it } from 'vitest';
import { unbrokenNumber } from './document-number';

describe('unbrokenNumber', () => {
  it('keeps every character of the number and leaves no hyphen a line may break after', () => {
    const shown = unbrokenNumber('FAC-2026-000043');
    expect(shown).toBe('FAC\u20112026\u2011000043');
    expect(shown).not.toContain('-');
    expect(unbrokenNumber('AV-SHOP-12-2026-000001').split('\u2011')).toEqual(['AV', 'SHOP', '12', '2026', '000001']);
  });
});
