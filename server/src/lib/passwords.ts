import { isCommonPassword } from '@app/common/common-passwords';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from './app-error.js';

/** argon2id with the library's defaults (ASVS V2.4). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Hashes a password a person has just chosen (registration, user and director creation or
 * edit, profile, reset). Refuses one of the most common breached passwords with 422
 * PASSWORD_BREACHED, its details naming the body field so that the form shows it there.
 */
export async function hashChosenPassword(password: string, field = 'password'): Promise<string> {
  if (await isCommonPassword(password)) throw new AppError('PASSWORD_BREACHED', { details: [{ field: `body.${field}` }] });
  return hashPassword(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Used when the username is unknown, so that both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
}
