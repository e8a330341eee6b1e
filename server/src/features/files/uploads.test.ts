import { ROLE } from '@app/common/roles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, subscriptions, users } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createUser, signIn } from '../../test/factories.js';
import { multipartPayload, registrationForm, TINY_PNG, type FormFields as Fields } from '../../test/uploads.js';
import { bmpImage, describeImage, gifImage, jpegImage, pngImage, RED, webpImage } from '../../test/images.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await signIn(t.app, await createUser(t.db, { roles: [ROLE.admin] })));
});
afterAll(() => t.close());

const form = (preuve: Buffer, filename = 'virement.png'): Fields =>
  registrationForm({ preuve: { data: preuve, filename, type: 'image/png' } });

async function register(fields: Fields, language = 'fr') {
  const { payload, headers } = await multipartPayload(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/users/abonnement',
    payload,
    headers: { ...headers, 'accept-language': language },
  });
}

async function storedProof(idLigne: number) {
  const [line] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, idLigne));
  const [file] = await t.db.select().from(files).where(eq(files.id, line!.proofFileId!));
  return file!;
}

const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('uploaded images are decoded and encoded again', () => {
  it('stores a clean copy and a thumbnail of each accepted type, BMP as PNG', async () => {
    const cases = [
      { data: await pngImage(), type: 'image/png' },
      { data: await jpegImage(), type: 'image/jpeg' },
      { data: await webpImage(), type: 'image/webp' },
      { data: bmpImage(), type: 'image/png' },
    ];
    for (const { data, type } of cases) {
      const response = await register(form(data));
      expect(response.statusCode, type).toBe(201);
      const file = await storedProof(response.json().idLigne);
      expect(file.contentType).toBe(type);
      const clean = await describeImage(file.bytes);
      expect(clean).toMatchObject({ width: 8, height: 6 });
      // The colour survives (JPEG and WebP are lossy: close, not equal).
      clean.pixel.forEach((value, i) => expect(Math.abs(value - [RED.r, RED.g, RED.b][i]!)).toBeLessThan(8));
      expect(await describeImage(file.thumbnail!)).toMatchObject({ format: 'webp', width: 8, height: 6 });
    }
  });

  it('drops what follows a valid image and its metadata: a script behind a PNG is not stored', async () => {
    const png = await pngImage();
    const response = await register(form(Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')])));
    expect(response.statusCode).toBe(201);
    const file = await storedProof(response.json().idLigne);
    expect(file.bytes.includes('<script>')).toBe(false);

    const tagged = await pngImage().then((bytes) =>
      import('sharp').then(({ default: sharp }) =>
        sharp(bytes)
          .withExif({ IFD0: { ImageDescription: '<script>x</script>' } })
          .png()
          .toBuffer(),
      ),
    );
    expect(tagged.includes('<script>')).toBe(true);
    const second = await register(form(tagged));
    expect((await storedProof(second.json().idLigne)).bytes.includes('<script>')).toBe(false);
  });

  it('refuses an image signature followed by something else (422, translated), and writes nothing', async () => {
    const before = await countUsers();
    const fakePng = Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.from('<html><script>alert(1)</script></html>')]);
    const fakeJpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<script>alert(1)</script>'),
      Buffer.alloc(40),
    ]);
    const fakeBmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
    for (const data of [fakePng, fakeJpeg, fakeBmp]) {
      const response = await register(form(data), 'en');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'IMAGE_UNREADABLE',
        message: 'This image cannot be read: the file is damaged or is not a real image (png, jpg, bmp, webp).',
      });
    }
    const french = await register(form(fakePng));
    expect(french.json().message).toBe(
      "Cette image est illisible\u00a0: le fichier est endommagé ou n'est pas une vraie image (png, jpg, bmp, webp).",
    );
    expect(await countUsers()).toBe(before);
  });

  it('refuses a BMP announcing more pixels than allowed before decoding it, and other image types', async () => {
    const huge = bmpImage(2, 2);
    huge.writeInt32LE(100_000, 18);
    huge.writeInt32LE(100_000, 22);
    expect((await register(form(huge))).json().code).toBe('IMAGE_UNREADABLE');
    const gif = await register(form(await gifImage()));
    expect(gif.statusCode).toBe(415);
    expect(gif.json().code).toBe('UNSUPPORTED_FILE');
  });

  it('serves the image and its thumbnail with their own type, nosniff, inline under our name, not cached', async () => {
    const response = await register(form(bmpImage(), 'evil".html'));
    const file = await storedProof(response.json().idLigne);
    const image = await admin({ method: 'GET', url: `/api/files/${file.id}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="image-${file.id}.png"`,
      'cache-control': 'no-store',
    });
    expect(Buffer.compare(image.rawPayload, file.bytes)).toBe(0);
    const thumbnail = await admin({ method: 'GET', url: `/api/files/${file.id}/thumbnail` });
    expect(thumbnail.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="image-${file.id}-thumbnail.webp"`,
    });
    expect((await describeImage(thumbnail.rawPayload)).format).toBe('webp');
  });
});

describe('malformed multipart bodies', () => {
  const part = (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="nom"\r\n\r\nKone\r\n`;
  const cases: { name: string; contentType: string; payload: string }[] = [
    { name: 'no boundary', contentType: 'multipart/form-data', payload: `${part('abc')}--abc--\r\n` },
    { name: 'a wrong boundary', contentType: 'multipart/form-data; boundary=xyz', payload: `${part('abc')}--abc--\r\n` },
    { name: 'a truncated body', contentType: 'multipart/form-data; boundary=abc', payload: part('abc').slice(0, -6) },
    {
      name: 'a broken part header',
      contentType: 'multipart/form-data; boundary=abc',
      payload: '--abc\r\nContent-Disposition\r\n\r\nx\r\n--abc--\r\n',
    },
    { name: 'a wrong content type', contentType: 'application/xml', payload: '<form/>' },
  ];
  for (const url of ['/api/auth/users/abonnement', '/api/auth/users/abonnement/personnalise']) {
    for (const { name, contentType, payload } of cases) {
      it(`answers ${name} on ${url} with 400 and the error shape`, async () => {
        const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(
          expect.objectContaining({ code: expect.any(String), message: expect.any(String), requestId: expect.any(String) }),
        );
      });
    }
  }
});
