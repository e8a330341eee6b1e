import { passwordRule } from '@app/common/validation';
import { describe, expect, it } from 'vitest';
import { passwordChecks, passwordStrength } from './password-strength';

describe('password checklist (seed 000 §5)', () => {
  it('says which rule is missing', () => {
    expect(passwordChecks('abc')).toEqual({ length: false, lower: true, upper: false, digit: false });
    expect(passwordChecks('Secret1')).toEqual({ length: true, lower: true, upper: true, digit: true });
  });

  it('agrees with the contract rule: all checks met exactly when the password is accepted', () => {
    for (const value of ['', 'a', 'secret1', 'SECRET1', 'Secret', 'Sec1', 'Secret1', 'Très-Secret-2026']) {
      const allMet = Object.values(passwordChecks(value)).every(Boolean);
      expect(allMet, value).toBe(passwordRule.safeParse(value).success);
    }
  });

  it('grows with the rules met, special characters and length', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBeLessThan(passwordStrength('Secret1'));
    expect(passwordStrength('Secret1')).toBeLessThan(passwordStrength('Secret1!'));
    expect(passwordStrength('Secret1!longer')).toBe(100);
  });
});
