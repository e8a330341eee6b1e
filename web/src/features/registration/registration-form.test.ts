import { planPriceFcfa } from '@app/common/money';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTRATION,
  planFromQuery,
  plausibleEmail,
  plausiblePersonPhone,
  plausibleUsername,
  proofProblem,
  registrationFingerprint,
  registrationErrors,
  registrationFormData,
  registrationInput,
  registrationSchema,
  totalFcfa,
  type RegisterFormValues,
} from './registration-form';
import { zodFormErrors } from '../../lib/form-errors';

const proof = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'virement.png', { type: 'image/png', lastModified: 1 });

const filled: RegisterFormValues = {
  ...EMPTY_REGISTRATION,
  nom: 'Kone',
  prenom: 'Awa',
  username: 'Awa.Kone',
  email: 'awa@example.test',
  telephone: '+225 07 08 09 10 11',
  password: 'Baobab2026',
  confirmation: 'Baobab2026',
  nomBoutque: 'Chez Awa',
  tel: '07080910',
  adresse: 'Cocody',
  abonnement: '2',
  preuve: proof,
};

describe('register form', () => {
  it('asks for the proof on Bronze and Argent only', () => {
    const noProof = { ...filled, preuve: null };
    expect(zodFormErrors(registrationSchema(noProof), registrationInput(noProof))).toEqual({
      preuve: 'validation.proofRequired',
    });
    const custom = { ...noProof, abonnement: '4', boutiques: 3, depots: 5, users: 12 } as RegisterFormValues;
    expect(zodFormErrors(registrationSchema(custom), registrationInput(custom))).toEqual({});
  });

  it("needs the custom plan's counts, not the standard plan's", () => {
    const custom = { ...filled, abonnement: '4' };
    expect(Object.keys(zodFormErrors(registrationSchema(custom), registrationInput(custom))).sort()).toEqual([
      'boutiques',
      'depots',
      'users',
    ]);
    // Counts typed before switching back to Bronze are not sent.
    expect(registrationInput({ ...filled, boutiques: 3 })).not.toHaveProperty('boutiques');
  });

  it('gives the seed messages for an empty form', () => {
    const errors = zodFormErrors(registrationSchema(EMPTY_REGISTRATION), registrationInput(EMPTY_REGISTRATION));
    expect(errors).toMatchObject({
      nom: 'validation.required',
      username: 'validation.usernameRequired',
      email: 'validation.emailRequired',
      telephone: 'validation.requiredShort',
      nomBoutque: 'validation.requiredShort',
      tel: 'validation.requiredShort',
      abonnement: 'validation.requiredShort',
      password: 'validation.passwordRequired',
    });
  });

  it('says at once that the confirmation differs, even while other fields are wrong', () => {
    const values = { ...EMPTY_REGISTRATION, password: 'abc', confirmation: 'abd' };
    expect(registrationErrors(values)).toMatchObject({
      password: 'validation.passwordWeak',
      confirmation: 'validation.passwordMismatch',
    });
    expect(registrationErrors({ ...values, confirmation: 'abc' })).not.toHaveProperty('confirmation');
    expect(registrationErrors(filled)).toEqual({});
  });

  it('sends the parsed values as multipart, with the proof as a file part', () => {
    const body = registrationSchema(filled).parse(registrationInput(filled)) as Record<string, unknown>;
    const data = registrationFormData(body);
    expect(data.get('username')).toBe('awa.kone');
    expect(data.get('telephone')).toBe('+2250708091011');
    expect(data.get('abonnement')).toBe('2');
    expect(data.get('jours')).toBe('365');
    const file = data.get('preuve');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('virement.png');
    expect(data.has('boutiques')).toBe(false);
  });

  it('fingerprints the file by name, size and date', () => {
    const a = registrationFingerprint({ x: 1, preuve: proof });
    expect(a).toContain('virement.png');
    expect(registrationFingerprint({ x: 1, preuve: proof })).toBe(a);
    expect(registrationFingerprint({ x: 2, preuve: proof })).not.toBe(a);
  });

  it('looks at the chosen file before upload', () => {
    expect(proofProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(proofProblem({ name: 'scan.JPEG', type: '', size: 10 })).toBeNull();
    expect(proofProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe('badType');
    expect(proofProblem({ name: 'a.webp', type: 'image/webp', size: 6 * 1024 * 1024 })).toBe('tooBig');
    expect(proofProblem({ name: 'a.bmp', type: 'image/bmp', size: 0 })).toBe('empty');
  });

  it('checks live only plausible values', () => {
    expect(plausibleUsername('ab')).toBe(false);
    expect(plausibleUsername('awa.kone')).toBe(true);
    expect(plausibleEmail('awa@')).toBe(false);
    expect(plausibleEmail('awa@example.ci')).toBe(true);
    expect(plausiblePersonPhone('07 08')).toBe(false);
    expect(plausiblePersonPhone('+225 07-08.09 10 11')).toBe(true);
  });

  it('prices the period and reads the plan from the landing link', () => {
    expect(totalFcfa(15_000, '730')).toBe(30_000);
    expect(totalFcfa(null, '365')).toBeNull();
    expect(totalFcfa(15_000, '')).toBeNull();
    // The server's rule (planPriceFcfa) for any period, not only whole years.
    expect(totalFcfa(15_000, '400')).toBe(planPriceFcfa(15_000, 400));
    expect(planFromQuery('3')).toBe('3');
    expect(planFromQuery('9')).toBe('');
    expect(planFromQuery(null)).toBe('');
  });
});
