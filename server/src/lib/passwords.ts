import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (ASVS V2.4). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
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
