/**
 * The app's public origin (config PUBLIC_URL), for links printed on documents: the verification
 * QR code of an issued invoice (issue 21). Set once by buildApp.
 */
let origin = 'http://localhost:3000';

export function setPublicOrigin(value: string): void {
  origin = value.replace(/\/$/, '');
}

export const publicOrigin = () => origin;

/** The public page that verifies an issued document: `{origin}/{lang}/verifier/{code}`. */
export const verificationUrl = (code: string, lang: string) => `${origin}/${lang}/verifier/${encodeURIComponent(code)}`;
