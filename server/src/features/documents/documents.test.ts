import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { TINY_PNG } from '../../test/uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/downloadFile/{file}', () => {
  it("serves a shop's image to its members with its checked type, and hides it from others", async () => {
    const owner = await createDirector(t.db);
    const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [owner.shops[0]!.id], accountId: owner.director.id });
    const [file] = await t.db
      .insert(files)
      .values({ shopId: owner.shops[0]!.id, ownerUserId: owner.director.id, contentType: 'image/png', size: TINY_PNG.length, bytes: TINY_PNG })
      .returning({ id: files.id });
    const member = as(t.app, await signIn(t.app, seller));
    for (const name of [`image-${file!.id}.png`, `image-${file!.id}`]) {
      const response = await member({ method: 'GET', url: `/api/downloadFile/${name}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(response.rawPayload, TINY_PNG)).toBe(0);
    }
    const outsider = as(t.app, await signIn(t.app, (await createDirector(t.db)).director));
    expect((await outsider({ method: 'GET', url: `/api/downloadFile/image-${file!.id}.png` })).statusCode).toBe(404);
  });

  it('answers 404 for a name of no known kind, and 401 without a session', async () => {
    const call = as(t.app, await signIn(t.app, (await createDirector(t.db)).director));
    for (const name of ['nothing', 'image-99999999999', 'facture-abc.pdf', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await call({ method: 'GET', url: `/api/downloadFile/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/downloadFile/image-1.png' })).statusCode).toBe(401);
  });
});
