/**
 * The breached-password half of the password rule (seed 000 §5 is the other half,
 * `passwordRule` in validation.ts): a password found among the most common passwords of public
 * breaches is refused wherever a password is chosen (ASVS 4.0.3 V2.1.7, NIST SP 800-63B 5.1.1.2).
 *
 * The list is the ranked "common passwords" dictionary of `@zxcvbn-ts/language-common`
 * (about 49,000 lower-case entries drawn from breached-password collections). It is matched
 * case-insensitively, since our rule demands an upper-case letter that the list never has
 * ("Password1" is "password1"). Only the server imports this module: the list stays out of
 * the web bundle; the forms show the server's refusal at the password field.
 */

let loaded: Promise<ReadonlySet<string>> | undefined;

/** Decompressed and indexed once, on first use (about 0.1 s), then a Set lookup. */
function commonPasswords(): Promise<ReadonlySet<string>> {
  loaded ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return loaded;
}

/** True when the password, ignoring case, is one of the most common breached passwords. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
