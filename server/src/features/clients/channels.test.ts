import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createDirector>>;
let b: Awaited<ReturnType<typeof createDirector>>;
let callA: ReturnType<typeof as>;
let callB: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  a = await createDirector(t.db, { shopCount: 2 });
  b = await createDirector(t.db, { shopCount: 2 });
  callA = as(t.app, await signIn(t.app, a.director));
  callB = as(t.app, await signIn(t.app, b.director));
});
afterAll(() => t.close());

let sequence = 0;
const registration = () => ({
  nom: 'Kouassi',
  prenom: 'Yao',
  email: `yao.channel${sequence++}@example.test`,
  telephone: `07 01 02 03 ${String(10 + sequence).padStart(2, '0')}`,
  country: { id: 'CI' },
});
const register = (channel: string) =>
  t.app.inject({ method: 'POST', url: `/api/auth/clients/${channel}`, payload: registration() });
const put = (call: ReturnType<typeof as>, channel: string, boutique: number) =>
  call({ method: 'PUT', url: `/api/client-channels/${channel}`, payload: { boutique } });

describe('client channels (DECISIONS §9)', () => {
  it('are free on a fresh install, and a director opens one on a shop of theirs', async () => {
    const list = await callA({ method: 'GET', url: '/api/client-channels' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { channel: 's2asport', page: 'registers2asport', status: 'free', boutique: null },
      { channel: 'win', page: 'registerwin', status: 'free', boutique: null },
    ]);
    expect((await register('win')).statusCode).toBe(503);

    const shop = a.shops[0]!;
    const opened = await put(callA, 'win', shop.id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      channel: 'win',
      page: 'registerwin',
      status: 'mine',
      boutique: { idBoutique: shop.id, nom: shop.nom },
    });

    const client = await register('win');
    expect(client.statusCode).toBe(201);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.json().idClient));
    expect(row!.shopId).toBe(shop.id);
  });

  it("refuses another director's shop (403) and keeps a taken channel from other accounts (409), unnamed", async () => {
    expect((await put(callA, 's2asport', a.shops[0]!.id)).statusCode).toBe(200);

    const foreign = await put(callA, 'win', b.shops[0]!.id);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('NOT_SHOP_MEMBER');

    const steal = await put(callB, 's2asport', b.shops[0]!.id);
    expect(steal.statusCode).toBe(409);
    expect(steal.json().code).toBe('CHANNEL_TAKEN');
    const close = await callB({ method: 'DELETE', url: '/api/client-channels/s2asport' });
    expect(close.statusCode).toBe(409);

    const seen = await callB({ method: 'GET', url: '/api/client-channels' });
    expect(seen.json()).toContainEqual({ channel: 's2asport', page: 'registers2asport', status: 'taken', boutique: null });
    expect(seen.body).not.toContain(a.shops[0]!.nom);
    // Still A's.
    const [client] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.id, (await register('s2asport')).json().idClient));
    expect(client!.shopId).toBe(a.shops[0]!.id);
  });

  it('lets the owning account move it to another of its shops, or close it', async () => {
    const moved = await put(callA, 's2asport', a.shops[1]!.id);
    expect(moved.json()).toMatchObject({ status: 'mine', boutique: { idBoutique: a.shops[1]!.id } });

    const closed = await callA({ method: 'DELETE', url: '/api/client-channels/s2asport' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ channel: 's2asport', page: 'registers2asport', status: 'free', boutique: null });
    expect((await register('s2asport')).statusCode).toBe(503);
    // Closing a closed channel changes nothing.
    expect((await callA({ method: 'DELETE', url: '/api/client-channels/s2asport' })).statusCode).toBe(200);
  });

  it('is free again once its shop is deleted', async () => {
    const owner = await createDirector(t.db, { shopCount: 2 });
    const callOwner = as(t.app, await signIn(t.app, owner.director));
    expect((await put(callOwner, 's2asport', owner.shops[0]!.id)).statusCode).toBe(200);
    expect((await callOwner({ method: 'DELETE', url: `/api/boutiques/${owner.shops[0]!.id}` })).statusCode).toBe(200);
    expect((await callB({ method: 'GET', url: '/api/client-channels' })).json()).toContainEqual(
      expect.objectContaining({ channel: 's2asport', status: 'free' }),
    );
    expect((await put(callB, 's2asport', b.shops[0]!.id)).statusCode).toBe(200);
  });

  it('gives a free channel to one of two directors asking at once', async () => {
    await callB({ method: 'DELETE', url: '/api/client-channels/s2asport' });
    const [one, two] = await Promise.all([put(callA, 's2asport', a.shops[0]!.id), put(callB, 's2asport', b.shops[0]!.id)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
  });

  it('is for directors only, and names only the two channels', async () => {
    const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [a.shops[0]!.id], accountId: a.director.id });
    const callSeller = as(t.app, await signIn(t.app, seller));
    expect((await callSeller({ method: 'GET', url: '/api/client-channels' })).statusCode).toBe(403);
    expect((await put(callA, 'other', a.shops[0]!.id)).statusCode).toBe(400);
  });
});
