import { describe, expect, it } from 'vitest';
import { frenchOf } from './languages.js';

describe('frenchOf', () => {
  it('elides « de » before a vowel, accented or not, and keeps it before a consonant, h and y', () => {
    expect(frenchOf('Awa Mode')).toBe('d’Awa Mode');
    expect(frenchOf('Épicerie du coin')).toBe('d’Épicerie du coin');
    expect(frenchOf('ousmane Shop')).toBe('d’ousmane Shop');
    expect(frenchOf('Boutique Plateau')).toBe('de Boutique Plateau');
    expect(frenchOf('Hamidou Tissus')).toBe('de Hamidou Tissus');
    expect(frenchOf('Yaoundé Market')).toBe('de Yaoundé Market');
    expect(frenchOf('2 Frères')).toBe('de 2 Frères');
  });
});
