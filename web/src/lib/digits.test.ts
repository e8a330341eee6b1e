import { describe, expect, it } from 'vitest';
import { digitsOnly } from './digits';

describe('digitsOnly', () => {
  it('drops non-digits and caps the length', () => {
    expect(digitsOnly('07 12-34 56', 8)).toBe('07123456');
    expect(digitsOnly('0712345678', 8)).toBe('07123456');
    expect(digitsOnly('abc', 8)).toBe('');
  });
});
