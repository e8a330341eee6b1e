import { describe, expect, it } from 'vitest';
import { isPlausibleCode, verdictOf } from './verdict';

describe('verification verdict', () => {
  it('maps the invoice statuses to what the public page says', () => {
    expect(verdictOf('emise')).toBe('valid');
    expect(verdictOf('corrigee')).toBe('corrected');
    expect(verdictOf('annulee')).toBe('cancelled');
    expect(verdictOf('cancelled')).toBe('cancelled');
  });

  it('looks up only codes a QR could carry', () => {
    expect(isPlausibleCode('q8Zk3-Hn_0aP7xYt')).toBe(true);
    expect(isPlausibleCode('short')).toBe(false);
    expect(isPlausibleCode('../api/x')).toBe(false);
    expect(isPlausibleCode(undefined)).toBe(false);
  });
});
