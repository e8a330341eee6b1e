import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientChannels, clients, shops } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createClient, createClientChannel } from '../../test/client-factories.js';
import { createDirector, createShop } from '../../test/factories.js';

let t: TestApp;
let s2aShopId: number;
let winShopId: number;
beforeAll(async () => {
  t = await createTestApp();
  const { director, shops } = await createDirector(t.db);
  s2aShopId = shops[0]!.id;
  winShopId = (await createShop(t.db, director.id)).id;
  await createClientChannel(t.db, 's2asport', s2aShopId);
  await createClientChannel(t.db, 'win', winShopId);
});
afterAll(() => t.close());

let sequence = 0;
function registration(overrides: Record<string, unknown> = {}) {
  const n = sequence++;
  return {
    nom: 'Kouassi',
    prenom: 'Yao',
    email: `yao${n}.${Date.now().toString(36)}@example.test`,
    telephone: `07 ${String(10 + (n % 90))} ${String(Date.now() % 100).padStart(2, '0')} 03 04`,
    adresse: 'Cocody',
    country: { id: 'CI', nom: "Côte d'Ivoire", indicatif: '+225' },
    ...overrides,
  };
}

describe('client self-registration', () => {
  it('registers into the shop of each channel, storing the international phone', async () => {
    for (const [channel, shopId] of [
      ['s2asport', s2aShopId],
      ['win', winShopId],
    ] as const) {
      const body = registration({ telephone: '07 01 02 03 04', email: `Awa.${channel}@Example.test` });
      const response = await t.app.inject({ method: 'POST', url: `/api/auth/clients/${channel}`, payload: body });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        idClient: expect.any(Number),
        nom: 'Kouassi',
        prenom: 'Yao',
        email: `awa.${channel}@example.test`,
        telephone: '+2250701020304',
        adresse: 'Cocody',
        country: { id: 'CI', indicatif: '+225' },
      });
      const [row] = await t.db.select().from(clients).where(eq(clients.id, response.json().idClient));
      expect(row).toMatchObject({ shopId, channel, countryCode: 'CI', telephone: '+2250701020304' });
    }
  });

  it('accepts the number with its dial prefix and a blank address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/clients/s2asport',
      payload: registration({ telephone: '+221 77 123 45 67', adresse: '', country: { id: 'sn' } }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ telephone: '+221771234567', adresse: '', country: { id: 'SN', indicatif: '+221' } });
  });

  it('requires nom, prenom, email, telephone and country', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/clients/s2asport',
      headers: { 'accept-language': 'en' },
      payload: { nom: '', prenom: ' ', email: 'x', telephone: '', adresse: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { field: 'body.nom', message: 'This field is required.' },
        { field: 'body.prenom', message: 'This field is required.' },
        { field: 'body.email', message: 'Invalid e-mail address.' },
        { field: 'body.telephone', message: 'The phone number is required.' },
        { field: 'body.country', message: 'Choose a country.' },
      ]),
    );
  });

  it('refuses a phone that is not valid for the chosen country, or an unknown country', async () => {
    const wrongCountry = await t.app.inject({
      method: 'POST',
      url: '/api/auth/clients/s2asport',
      payload: registration({ telephone: '+221771234567' }),
    });
    expect(wrongCountry.statusCode).toBe(400);
    expect(wrongCountry.json()).toMatchObject({ code: 'PHONE_INVALID', details: [{ field: 'body.telephone' }] });
    const tooShort = await t.app.inject({
      method: 'POST',
      url: '/api/auth/clients/s2asport',
      payload: registration({ telephone: '0701' }),
    });
    expect(tooShort.json().code).toBe('PHONE_INVALID');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/clients/s2asport',
      payload: registration({ country: { id: 'QQ' } }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_COUNTRY');
  });

  it("refuses an e-mail or phone already registered in the channel's shop, not in another shop", async () => {
    const existing = await createClient(t.db, s2aShopId, { email: 'Taken@Example.test', telephone: '+2250505050505' });
    const email = await t.app.inject({
      method: 'POST',
      url: '/api/auth/clients/s2asport',
      payload: registration({ email: 'taken@example.test' }),
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ code: 'EMAIL_TAKEN', details: [{ field: 'body.email' }] });
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/clients/s2asport',
      payload: registration({ telephone: '05 05 05 05 05' }),
    });
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toMatchObject({ code: 'PHONE_TAKEN', details: [{ field: 'body.telephone' }] });
    const otherShop = await t.app.inject({
      method: 'POST',
      url: '/api/auth/clients/win',
      payload: registration({ email: existing.email, telephone: '0505050505' }),
    });
    expect(otherShop.statusCode).toBe(201);
  });

  it('answers a clear error when the channel has no shop', async () => {
    await t.db.delete(clientChannels).where(eq(clientChannels.channel, 'win'));
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/clients/win',
        payload: registration(),
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'CHANNEL_NOT_CONFIGURED',
        message: 'Online client registration is not open yet. Please contact the shop.',
      });
      const check = await t.app.inject({ method: 'GET', url: '/api/auth/check/client/win/email/a@b.c' });
      expect(check.statusCode).toBe(503);
      const card = await t.app.inject({ method: 'GET', url: '/api/auth/clients/win/boutique' });
      expect(card.statusCode).toBe(503);
    } finally {
      await createClientChannel(t.db, 'win', winShopId);
    }
  });
});

describe('GET /api/auth/clients/{channel}/boutique', () => {
  it("names the channel's shop, without a session", async () => {
    for (const [channel, shopId] of [
      ['s2asport', s2aShopId],
      ['win', winShopId],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/auth/clients/${channel}/boutique` });
      expect(response.statusCode).toBe(200);
      const [shop] = await t.db.select().from(shops).where(eq(shops.id, shopId));
      expect(response.json()).toEqual({ nom: shop!.nom, adresse: shop!.adresse, telephone: shop!.telephone });
    }
  });
});

describe('existence checks', () => {
  it("answer 1 when the e-mail or phone exists in the channel's shop, else 0", async () => {
    await createClient(t.db, s2aShopId, { email: 'check.me@example.test', telephone: '+2250707070707' });
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      return response.json() as number;
    };
    expect(await get('/api/auth/check/client/email/CHECK.ME@example.test')).toBe(1);
    expect(await get('/api/auth/check/client/email/nobody@example.test')).toBe(0);
    expect(await get(`/api/auth/check/client/tel/${encodeURIComponent('+2250707070707')}`)).toBe(1);
    expect(await get('/api/auth/check/client/tel/0707070707?country=CI')).toBe(1);
    expect(await get('/api/auth/check/client/tel/0707070708?country=CI')).toBe(0);
    // The same e-mail and phone are not registered in the win channel's shop.
    expect(await get('/api/auth/check/client/win/email/check.me@example.test')).toBe(0);
    expect(await get(`/api/auth/check/client/win/tel/${encodeURIComponent('+2250707070707')}`)).toBe(0);
  });

  it('count a client registered through the form', async () => {
    const body = registration({ telephone: '01 02 03 04 05', email: 'form.client@example.test' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/clients/win', payload: body })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/check/client/win/email/form.client@example.test' })).json()).toBe(
      1,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/check/client/win/tel/%2B2250102030405' })).json()).toBe(1);
    const [row] = await t.db
      .select()
      .from(clients)
      .where(and(eq(clients.shopId, winShopId), eq(clients.email, 'form.client@example.test')));
    expect(row?.channel).toBe('win');
  });

  it('are rate-limited per address, like registration', async () => {
    const limited = await createTestApp({ signinRateLimit: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await limited.app.inject({ method: 'GET', url: '/api/auth/check/client/email/a@b.c' })).statusCode);
      for (let i = 0; i < 3; i++)
        codes.push(
          (await limited.app.inject({ method: 'POST', url: '/api/auth/clients/s2asport', payload: registration() })).statusCode,
        );
      // No channel in this fresh database: 503 until the limit, then 429.
      expect(codes).toEqual([503, 503, 429, 503, 503, 429]);
    } finally {
      await limited.close();
    }
  });
});
