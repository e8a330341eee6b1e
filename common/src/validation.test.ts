import { describe, expect, it } from 'vitest';
import { passwordRule, usernameRule } from './validation.js';

describe('username rule (seed 000 §5)', () => {
  it.each(['abc', 'jean.dupont', 'user_01', 'A1b', 'a'.repeat(20)])('accepts %s', (value) => {
    expect(usernameRule.safeParse(value).success).toBe(true);
  });
  it.each(['ab', 'a'.repeat(21), '123', '.abc', 'abc_', 'ab..c', 'a__b', 'ab c', 'abé'])('refuses %s', (value) => {
    expect(usernameRule.safeParse(value).success).toBe(false);
  });
  it('lower-cases', () => {
    expect(usernameRule.parse('Jean.Dupont')).toBe('jean.dupont');
  });
});

describe('password rule', () => {
  it('needs upper, lower, digit and 6 characters', () => {
    expect(passwordRule.safeParse('Abc123').success).toBe(true);
    for (const weak of ['abc123', 'ABC123', 'Abcdef', 'Ab1']) expect(passwordRule.safeParse(weak).success).toBe(false);
  });
});
