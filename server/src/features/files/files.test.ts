import { eq } from 'drizzle-orm';
import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createRegisteredDirector, createUser, signIn } from '../../test/factories.js';
import { TINY_PNG } from '../../test/uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/files/{idFile}', () => {
  it('serves a proof image to platform admins with its stored type', async () => {
    const { fileId } = await createRegisteredDirector(t.db);
    const admin = as(t.app, await signIn(t.app, await createUser(t.db, { roles: [ROLE.admin] })));
    const response = await admin({ method: 'GET', url: `/api/files/${fileId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const [stored] = await t.db.select({ bytes: files.bytes }).from(files).where(eq(files.id, fileId));
    expect(Buffer.compare(response.rawPayload, stored!.bytes)).toBe(0);
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('hides a proof from other users (404), and needs a session (401)', async () => {
    const { fileId } = await createRegisteredDirector(t.db);
    const { director } = await createDirector(t.db);
    const response = await as(t.app, await signIn(t.app, director))({ method: 'GET', url: `/api/files/${fileId}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${fileId}` })).statusCode).toBe(401);
  });

  it("serves a shop's file to its members only", async () => {
    const owner = await createDirector(t.db);
    const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [owner.shops[0]!.id], accountId: owner.director.id });
    const [file] = await t.db
      .insert(files)
      .values({
        shopId: owner.shops[0]!.id,
        ownerUserId: owner.director.id,
        contentType: 'image/png',
        size: TINY_PNG.length,
        bytes: TINY_PNG,
      })
      .returning({ id: files.id });
    const url = `/api/files/${file!.id}`;
    expect((await as(t.app, await signIn(t.app, seller))({ method: 'GET', url })).statusCode).toBe(200);
    const outsider = await createDirector(t.db);
    expect((await as(t.app, await signIn(t.app, outsider.director))({ method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await as(t.app, await signIn(t.app, owner.director))({ method: 'GET', url: '/api/files/2147483000' })).statusCode,
    ).toBe(404);
  });
});
