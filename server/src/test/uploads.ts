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
