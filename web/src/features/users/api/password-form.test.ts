import { setPasswordBody } from '@app/common/contracts/users';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translateError, zodFormErrors } from '../../../lib/form-errors';

// The set-password dialog: the contract checks the pair; the dialog shows the seed's meaning in correct French.
const SEED_MISMATCH = 'Les deux mots de passe ne correspondent pas, veuillez réessayer.';
const t = ((key: string) => `T(${key})`) as unknown as TFunction;
const overrides = { 'validation.passwordMismatch': SEED_MISMATCH };

describe('set-password form', () => {
  it('refuses a confirmation that differs, with the mismatch message', () => {
    const errors = zodFormErrors(setPasswordBody, { idUser: 3, nouveau: 'Abc123', confirmation: 'Abc124' });
    expect(errors).toEqual({ confirmation: 'validation.passwordMismatch' });
    expect(translateError(t, errors.confirmation, overrides)).toBe(SEED_MISMATCH);
  });

  it('refuses an empty confirmation and a weak password', () => {
    expect(zodFormErrors(setPasswordBody, { idUser: 3, nouveau: 'Abc123', confirmation: '' })).toEqual({
      confirmation: 'validation.passwordMismatch',
    });
    expect(zodFormErrors(setPasswordBody, { idUser: 3, nouveau: 'abc', confirmation: 'abc' })).toEqual({
      nouveau: 'validation.passwordWeak',
    });
  });

  it('accepts a strong matching pair', () => {
    expect(zodFormErrors(setPasswordBody, { idUser: 3, nouveau: 'Nouveau2026', confirmation: 'Nouveau2026' })).toEqual({});
  });
});
