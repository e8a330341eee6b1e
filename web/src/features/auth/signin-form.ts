import type { SigninBody } from '@app/common/contracts/auth';

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
