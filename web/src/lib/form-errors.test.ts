import { shopBody } from '@app/common/contracts/shops';
import { profileBody } from '@app/common/contracts/profile';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translateError, zodFormErrors } from './form-errors';

describe('zodFormErrors', () => {
  it('reports the first message of each field', () => {
    expect(zodFormErrors(shopBody, { nom: '', telephone: '12a', adresse: 'Rue 1' })).toEqual({
      nom: 'validation.required',
      telephone: 'validation.shopPhone',
    });
    expect(zodFormErrors(shopBody, { nom: 'A', telephone: '12345678', adresse: 'B' })).toEqual({});
  });

  it('checks the password pair only when the change box is ticked', () => {
    expect(zodFormErrors(profileBody, { username: 'awa', changePassword: false, password: '', confirmation: 'x' })).toEqual({});
    expect(
      zodFormErrors(profileBody, {
        username: 'awa',
        changePassword: true,
        currentPassword: 'Old123',
        password: 'Abc123',
        confirmation: 'Abc124',
      }),
    ).toEqual({
      confirmation: 'validation.passwordMismatch',
    });
    // A new password asks for the current one.
    expect(
      zodFormErrors(profileBody, { username: 'awa', changePassword: true, password: 'Abc123', confirmation: 'Abc123' }),
    ).toEqual({
      currentPassword: 'validation.required',
    });
  });
});

describe('translateError', () => {
  const t = ((key: string) => `T(${key})`) as unknown as TFunction;

  it('translates catalogue keys and keeps server messages', () => {
    expect(translateError(t, 'validation.required')).toBe('T(validation.required)');
    expect(translateError(t, 'Ce nom existe déjà.')).toBe('Ce nom existe déjà.');
    expect(translateError(t, 'validation.passwordMismatch', { 'validation.passwordMismatch': 'profile.mismatch' })).toBe(
      'T(profile.mismatch)',
    );
    expect(translateError(t, undefined)).toBeUndefined();
  });
});
