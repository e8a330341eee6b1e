/** The smallest valid PNG (1x1), for proof-of-payment uploads. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A multipart/form-data body for `app.inject`, built by the platform's own FormData encoder.
 * A Buffer value becomes a file part: `{ preuve: { data, filename, type } }`.
 */
export async function multipartPayload(
  fields: Record<string, string | number | { data: Buffer; filename: string; type?: string } | undefined>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'object')
      form.append(name, new Blob([value.data], { type: value.type ?? 'application/octet-stream' }), value.filename);
    else form.append(name, String(value));
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

export type FormFields = Parameters<typeof multipartPayload>[0];

let sequence = 0;
/**
 * A complete, valid self-registration form (POST /api/auth/users/abonnement) with a PNG proof;
 * username, email and phones unique per call.
 */
export function registrationForm(overrides: FormFields = {}): FormFields {
  const n = `${Date.now().toString(36)}${(sequence++).toString(36)}`;
  return {
    username: `Dir.${n}`,
    nom: 'Kone',
    prenom: 'Awa',
    email: `awa.${n}@Example.test`,
    adresse: 'Cocody, Abidjan',
    nomBoutque: 'Chez Awa',
    telephone: `+225 0${String(Date.now()).slice(-6)} ${String(sequence).padStart(3, '0')}`,
    tel: '07080910',
    password: 'Baobab2026',
    confirmation: 'Baobab2026',
    abonnement: 2,
    jours: 730,
    preuve: { data: TINY_PNG, filename: 'virement.png', type: 'image/png' },
    ...overrides,
  };
}
