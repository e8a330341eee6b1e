import { describe, expect, it } from 'vitest';
import { customRegistrationBody, standardRegistrationBody } from './registration.js';

const valid = {
  username: 'Awa.Kone',
  nom: 'Kone',
  prenom: 'Awa',
  email: 'Awa@Example.test',
  adresse: 'Cocody',
  nomBoutque: 'Chez Awa',
  telephone: '+225 07 08 09 10 11',
  tel: '07080910',
  password: 'Baobab2026',
  confirmation: 'Baobab2026',
  abonnement: '2',
  jours: '365',
  preuve: { size: 10 },
};

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('registration form (seed 000 §5)', () => {
  it('accepts multipart text and form numbers alike, normalising names and phones', () => {
    const parsed = standardRegistrationBody.parse(valid);
    expect(parsed).toMatchObject({
      username: 'awa.kone',
      email: 'awa@example.test',
      telephone: '+2250708091011',
      abonnement: 2,
      jours: 365,
    });
    expect(standardRegistrationBody.parse({ ...valid, abonnement: 3, jours: 1095 }).jours).toBe(1095);
  });

  it("names each field with the seed's message keys", () => {
    const result = standardRegistrationBody.safeParse({
      ...valid,
      nom: '',
      telephone: '',
      abonnement: '',
      jours: '400',
      preuve: undefined,
      confirmation: 'x',
    });
    expect(messages(result)).toMatchObject({
      nom: 'validation.required',
      telephone: 'validation.requiredShort',
      abonnement: 'validation.requiredShort',
      jours: 'validation.invalid',
      preuve: 'validation.proofRequired',
    });
    const mismatch = standardRegistrationBody.safeParse({ ...valid, confirmation: 'Secret124' });
    expect(messages(mismatch)).toEqual({ confirmation: 'validation.passwordMismatch' });
    expect(messages(standardRegistrationBody.safeParse({ ...valid, preuve: { size: 0 } }))).toEqual({
      preuve: 'validation.proofRequired',
    });
  });

  it('lets the custom plan go without proof but requires its counts', () => {
    const { preuve: _proof, abonnement: _plan, ...rest } = valid;
    expect(customRegistrationBody.parse({ ...rest, boutiques: '3', depots: 5, users: '12', factures: '' })).toMatchObject({
      boutiques: 3,
      depots: 5,
      users: 12,
      factures: undefined,
    });
    expect(messages(customRegistrationBody.safeParse({ ...rest, boutiques: '', depots: 0, users: 1.5 }))).toMatchObject({
      boutiques: 'validation.requiredShort',
      depots: 'validation.countInvalid',
      users: 'validation.countInvalid',
    });
    expect(customRegistrationBody.safeParse({ ...rest, abonnement: 2, boutiques: 1, depots: 1, users: 1 }).success).toBe(false);
  });
});
