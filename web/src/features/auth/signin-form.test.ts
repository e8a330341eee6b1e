import { signinBody, type SigninBody } from '@app/common/contracts/auth';
import { describe, expect, it } from 'vitest';
import { zodFormErrors } from '../../lib/form-errors';
import { signinErrors } from './signin-form';

const CASES: SigninBody[] = [
  { username: '', password: '' },
  { username: '   ', password: 'x' },
  { username: 'awa', password: '' },
  { username: 'awa', password: 'Secret1' },
  { username: ' awa ', password: ' ' },
  { username: 'a'.repeat(60), password: 'p'.repeat(200) },
  { username: 'a'.repeat(61), password: 'p' },
  { username: ` ${'a'.repeat(60)} `, password: 'p' },
  { username: 'awa', password: 'p'.repeat(201) },
];

describe('signinErrors', () => {
  it.each(CASES)('flags the fields the contract flags (%j)', (values) => {
    const contract = zodFormErrors(signinBody, values);
    const ours = signinErrors(values);
    expect(Object.keys(ours).sort()).toEqual(Object.keys(contract).sort());
    // Where the contract names a message key, the same one (its password length has none: ours is translated).
    for (const [field, message] of Object.entries(contract)) {
      if (message.startsWith('validation.')) expect(ours[field]).toBe(message);
      else expect(ours[field]).toBe('validation.tooLong');
    }
  });

  it('asks for both fields when empty', () => {
    expect(signinErrors({ username: ' ', password: '' })).toEqual({
      username: 'validation.required',
      password: 'validation.required',
    });
  });
});
