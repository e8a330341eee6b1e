import { describe, expect, it } from 'vitest';
import { EMPTY_PERSON, personValuesOf } from './person-values';

describe('person form values', () => {
  it('shows absent e-mail and phone as blank fields and never the password', () => {
    expect(personValuesOf({ username: 'awa', nom: 'Kouassi', prenom: 'Awa', email: null, telephone: null })).toEqual({
      username: 'awa',
      nom: 'Kouassi',
      prenom: 'Awa',
      email: '',
      telephone: '',
      password: '',
    });
    expect(personValuesOf({ username: 'u', nom: 'N', prenom: 'P', email: 'a@b.ci', telephone: '0700000000' })).toMatchObject({
      email: 'a@b.ci',
      telephone: '0700000000',
    });
  });

  it('starts a new account blank', () => {
    expect(Object.values(EMPTY_PERSON).every((value) => value === '')).toBe(true);
  });
});
