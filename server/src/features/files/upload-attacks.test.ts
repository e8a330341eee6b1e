import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { multipartPayload, registrationForm, TINY_PNG } from '../../test/uploads.js';
import { pngImage } from '../../test/images.js';

/**
 * Hostile uploads (issue 12 §3), through the public registration form and its proof image: each
 * is refused with a 4xx in the error shape with a translated message, and nothing is written.
 * (A valid image with something behind it is re-encoded without it: uploads.test.ts.)
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (data: Buffer, filename: string, type: string) => registrationForm({ preuve: { data, filename, type } });

const count = async () => {
  const result = await t.db.execute(
    sql`select (select count(*) from ${users})::int as users, (select count(*) from ${files})::int as files`,
  );
  const [row] = (result as unknown as { rows: { users: number; files: number }[] }).rows;
  return row!;
};

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/auth/me")</script></body></html>');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF');
/** A GIF header that is also valid JavaScript (the classic GIF/JS polyglot). */
const GIF_JS = Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(1);//;');
/** HTML first, a real PNG inside: sniffed as HTML by a browser, not an image by us. */
const HTML_PNG = Buffer.concat([Buffer.from('<html><script>alert(1)</script><!--'), TINY_PNG, Buffer.from('-->')]);

describe('hostile uploads are refused with a clear 4xx and write nothing', () => {
  const cases: { name: string; data: () => Buffer | Promise<Buffer>; filename: string; type: string; status: number[] }[] = [
    { name: 'a PDF renamed .png', data: () => PDF, filename: 'virement.png', type: 'image/png', status: [415, 422] },
    {
      name: 'a text file renamed .png',
      data: () => Buffer.from('just some text, not an image'),
      filename: 'virement.png',
      type: 'image/png',
      status: [415, 422],
    },
    { name: 'an SVG with a script', data: () => SVG, filename: 'virement.svg', type: 'image/svg+xml', status: [415, 422] },
    {
      name: 'an SVG with a script renamed .png',
      data: () => SVG,
      filename: 'virement.png',
      type: 'image/png',
      status: [415, 422],
    },
    { name: 'an HTML file', data: () => HTML, filename: 'virement.html', type: 'text/html', status: [415, 422] },
    { name: 'a GIF/JavaScript polyglot', data: () => GIF_JS, filename: 'virement.gif', type: 'image/gif', status: [415, 422] },
    {
      name: 'an HTML file with a PNG inside',
      data: () => HTML_PNG,
      filename: 'virement.png',
      type: 'image/png',
      status: [415, 422],
    },
    { name: 'an empty file', data: () => Buffer.alloc(0), filename: 'virement.png', type: 'image/png', status: [400, 415, 422] },
    {
      name: 'an image over the 5 MB cap',
      data: async () => Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 10)]),
      filename: 'virement.png',
      type: 'image/png',
      status: [413],
    },
  ];
  for (const c of cases) {
    it(`${c.name}`, async () => {
      const before = await count();
      for (const language of ['fr', 'en']) {
        const { payload, headers } = await multipartPayload(form(await c.data(), c.filename, c.type));
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/users/abonnement',
          payload,
          headers: { ...headers, 'accept-language': language },
        });
        expect(c.status, response.body).toContain(response.statusCode);
        const body = response.json();
        expect(body).toEqual(
          expect.objectContaining({ code: expect.any(String), message: expect.any(String), requestId: expect.any(String) }),
        );
        expect(body.message).not.toMatch(/^[\w-]+(\.[\w-]+)+$/);
        expect(body.message.length).toBeGreaterThan(10);
      }
      expect(await count()).toEqual(before);
    });
  }

  it('answers the French and English messages differently (translated)', async () => {
    const send = async (language: string) => {
      const { payload, headers } = await multipartPayload(form(SVG, 'virement.png', 'image/png'));
      return (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/users/abonnement',
          payload,
          headers: { ...headers, 'accept-language': language },
        })
      ).json();
    };
    const [fr, en] = [await send('fr'), await send('en')];
    expect(fr.code).toBe(en.code);
    expect(fr.message).not.toBe(en.message);
  });
});
