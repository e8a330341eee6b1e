import type { SigninBody } from '@app/common/contracts/auth';
import { useState, type ChangeEvent, type FormEvent } from 'react';

/** Limits of `signinBody` (common/src/contracts/auth.ts); signin-form.test.ts holds them equal. */
const USERNAME_MAX = 60;
const PASSWORD_MAX = 200;

/**
 * The sign-in form's checks, the same as the contract's `signinBody` makes them, without zod:
 * the sign-in form is the first screen of a first visit on 3G, and zod's build is about 25 KB
 * brotli of it (issue 20, Speed). `{ field: message key }`, as `zodFormErrors` gives them.
 */
export function signinErrors(values: SigninBody): Record<string, string> {
  const errors: Record<string, string> = {};
  const username = values.username.trim();
  if (!username) errors.username = 'validation.required';
  else if (username.length > USERNAME_MAX) errors.username = 'validation.tooLong';
  if (!values.password) errors.password = 'validation.required';
  else if (values.password.length > PASSWORD_MAX) errors.password = 'validation.tooLong';
  return errors;
}

const EMPTY: SigninBody = { username: '', password: '' };

/**
 * The sign-in form's state: two fields, their errors (a field's error clears when it changes), a
 * submit that validates first, a reset. In place of `@mantine/form` (about 7 KB brotli) on the
 * first screen; the other forms keep it.
 */
export function useSigninForm() {
  const [values, setValues] = useState<SigninBody>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof SigninBody) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...others }) => others);
    },
  });
  const onSubmit = (submit: (values: SigninBody) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = signinErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) void submit(values);
  };
  const reset = () => {
    setValues(EMPTY);
    setErrors({});
  };
  return { errors, field, onSubmit, reset };
}
