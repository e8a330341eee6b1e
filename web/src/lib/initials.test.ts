import { describe, expect, it } from 'vitest';
import { displayName, initials } from './initials';

describe('initials', () => {
  it('takes the first letter of first and last name', () => {
    expect(initials('Awa', 'Diallo')).toBe('AD');
    expect(initials('élodie', 'ouédraogo')).toBe('ÉO');
  });

  it('copes with missing parts', () => {
    expect(initials('', 'Koné')).toBe('K');
    expect(initials(null, undefined, 'admin')).toBe('AD');
    expect(initials('  ', ' ', '')).toBe('');
  });

  it('builds a display name', () => {
    expect(displayName({ prenom: 'Awa', nom: 'Diallo', username: 'awa' })).toBe('Awa Diallo');
    expect(displayName({ prenom: '', nom: ' ', username: 'admin' })).toBe('admin');
  });
});
