import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, shopMembers, shops, subscriptions, userRoles, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { multipartPayload, registrationForm, TINY_PNG, type FormFields as Fields } from '../../test/uploads.js';
import { bmpImage, describeImage, jpegImage, webpImage } from '../../test/images.js';
import { ROLE } from '@app/common/roles';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = registrationForm;

async function register(fields: Fields, options: { url?: string; headers?: Record<string, string> } = {}) {
  const { payload, headers } = await multipartPayload(fields);
  return t.app.inject({
    method: 'POST',
    url: options.url ?? '/api/auth/users/abonnement',
    payload,
    headers: { ...headers, ...options.headers },
  });
}

const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('GET /api/abonnements/', () => {
  it('lists the plans of the plans table', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/abonnements/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { code: 2, libelle: 'Bronze', prixFcfa: 15000, boutiques: 1, depots: 1, users: 4 },
      { code: 3, libelle: 'Argent', prixFcfa: 60000, boutiques: 2, depots: 4, users: 10 },
      { code: 4, libelle: 'Personaliser', prixFcfa: null, boutiques: null, depots: null, users: null },
    ]);
  });
});

describe('POST /api/auth/users/abonnement', () => {
  it('creates the inactive director, the first shop and the pending line with its proof, in one go', async () => {
    const fields = form();
    const response = await register(fields);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const username = String(fields.username).toLowerCase();
    expect(body).toMatchObject({ username, active: 0, status: 'pending' });

    const [user] = await t.db.select().from(users).where(eq(users.id, body.idUser));
    expect(user).toMatchObject({
      username,
      active: false,
      accountId: null,
      email: String(fields.email).toLowerCase(),
      nom: 'Kone',
      prenom: 'Awa',
    });
    expect(user!.telephone).toBe(String(fields.telephone).replace(/\s/g, ''));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, body.idUser))).toEqual([
      { roleId: ROLE.director },
    ]);

    const [shop] = await t.db.select().from(shops).where(eq(shops.id, body.idBoutique));
    expect(shop).toMatchObject({ nom: 'Chez Awa', telephone: '07080910', adresse: 'Cocody, Abidjan', accountId: body.idUser });
    expect(await t.db.select().from(shopMembers).where(eq(shopMembers.shopId, body.idBoutique))).toMatchObject([
      { userId: body.idUser },
    ]);

    const [line] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, body.idLigne));
    expect(line).toMatchObject({
      userId: body.idUser,
      planId: 2,
      shops: 1,
      depots: 1,
      users: 4,
      days: 730,
      priceFcfa: 30000,
      status: 'pending',
      startsAt: null,
      endsAt: null,
    });
    const [file] = await t.db.select().from(files).where(eq(files.id, line!.proofFileId!));
    // Stored as the clean copy: the same pixels, encoded again, with a thumbnail.
    expect(file).toMatchObject({ contentType: 'image/png', size: file!.bytes.length, ownerUserId: body.idUser, shopId: null });
    expect(await describeImage(file!.bytes)).toEqual(await describeImage(TINY_PNG));
    expect((await describeImage(file!.thumbnail!)).format).toBe('webp');

    // Not activated yet: sign-in says so once the password matched.
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'accept-language': 'en' },
      payload: { username, password: 'Baobab2026' },
    });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().code).toBe('ACCOUNT_INACTIVE');
  });

  it('accepts an Argent registration for 3 years', async () => {
    const response = await register(form({ abonnement: 3, jours: 1095 }));
    expect(response.statusCode).toBe(201);
    const [line] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, response.json().idLigne));
    expect(line).toMatchObject({ planId: 3, shops: 2, depots: 4, users: 10, days: 1095, priceFcfa: 180000 });
  });

  it("names each invalid field with the seed's messages, in the caller's language", async () => {
    const before = await countUsers();
    const response = await register(
      form({
        username: '_bad..name',
        nom: ' ',
        email: 'not-an-email',
        password: 'weak',
        confirmation: 'other',
        tel: '123456789',
        telephone: '',
        abonnement: 4,
        jours: 200,
        preuve: undefined,
      }),
      { headers: { 'accept-language': 'fr' } },
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const messages = Object.fromEntries(body.details.map((d: { field: string; message: string }) => [d.field, d.message]));
    expect(messages).toMatchObject({
      'body.username': expect.stringContaining("Nom d'utilisateur non valide\u00a0: de 3 à 20"),
      'body.nom': 'Ce champ est obligatoire.',
      'body.email': 'Adresse e-mail non valide.',
      'body.password': expect.stringContaining('Le mot de passe doit contenir'),
      'body.tel': expect.any(String),
      'body.telephone': 'Obligatoire.',
      'body.abonnement': 'Valeur non valide.',
      'body.jours': 'Valeur non valide.',
      'body.preuve': "Joignez l'image de votre preuve de paiement.",
    });
    expect(await countUsers()).toBe(before);
  });

  it('refuses a missing proof, and a mismatched confirmation', async () => {
    const response = await register(form({ preuve: undefined, confirmation: 'Baobab20264' }), {
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    const details = response.json().details as { field: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { field: 'body.preuve', message: 'Attach the image of your proof of payment.' },
        { field: 'body.confirmation', message: 'The two passwords must be identical.' },
      ]),
    );
    // A file input left empty by the browser is no proof either.
    const empty = await register(form({ preuve: { data: Buffer.alloc(0), filename: '' } }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([expect.objectContaining({ field: 'body.preuve' })]);
  });

  it('checks the proof by its content, not by its name or declared type', async () => {
    const before = await countUsers();
    const fake = await register(
      form({ preuve: { data: Buffer.from('%PDF-1.4 not an image'), filename: 'proof.png', type: 'image/png' } }),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().code).toBe('UNSUPPORTED_FILE');
    expect(await countUsers()).toBe(before);

    // A real JPEG sent as application/octet-stream under a .txt name is fine and stored as image/jpeg.
    const ok = await register(form({ preuve: { data: await jpegImage(), filename: 'scan.txt' } }));
    expect(ok.statusCode).toBe(201);
    const [line] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ok.json().idLigne));
    const [file] = await t.db.select({ contentType: files.contentType }).from(files).where(eq(files.id, line!.proofFileId!));
    expect(file!.contentType).toBe('image/jpeg');

    expect((await register(form({ preuve: { data: await webpImage(), filename: 'a.webp' } }))).statusCode).toBe(201);
    expect((await register(form({ preuve: { data: bmpImage(), filename: 'a.bmp' } }))).statusCode).toBe(201);
  });

  it('refuses a proof over 5 MB with 413', async () => {
    const before = await countUsers();
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await register(form({ preuve: { data: big, filename: 'big.png', type: 'image/png' } }));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a taken username, e-mail or phone with 409 and writes nothing', async () => {
    const first = form();
    expect((await register(first)).statusCode).toBe(201);
    const before = {
      users: await countUsers(),
      shops: (await t.db.select({ n: sql<number>`count(*)::int` }).from(shops))[0]!.n,
      lines: (await t.db.select({ n: sql<number>`count(*)::int` }).from(subscriptions))[0]!.n,
      files: (await t.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n,
    };
    const cases = [
      [{ username: String(first.username).toUpperCase() }, 'USERNAME_TAKEN', 'body.username'],
      [{ email: String(first.email).toUpperCase() }, 'EMAIL_TAKEN', 'body.email'],
      [{ telephone: first.telephone }, 'PHONE_TAKEN', 'body.telephone'],
    ] as const;
    for (const [override, code, field] of cases) {
      const response = await register(form(override), { headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code, details: [{ field }] });
    }
    expect((await register(form({ username: String(first.username) }))).json().message).toBe("Ce nom d'utilisateur existe déjà.");
    expect(await countUsers()).toBe(before.users);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(shops))[0]!.n).toBe(before.shops);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(subscriptions))[0]!.n).toBe(before.lines);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n).toBe(before.files);
  });

  it('runs once per Idempotency-Key: a repeat replays the first answer', async () => {
    const fields = form();
    const key = `reg-${Date.now()}-abcdef`;
    const first = await register(fields, { headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(201);
    const again = await register(fields, { headers: { 'idempotency-key': key } });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const rows = await t.db
      .select()
      .from(users)
      .where(eq(users.username, String(fields.username).toLowerCase()));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/auth/users/abonnement/personnalise', () => {
  const url = '/api/auth/users/abonnement/personnalise';

  it('needs no proof and keeps the requested counts; the price is left to the admin', async () => {
    const response = await register(
      form({ abonnement: 4, preuve: undefined, boutiques: 3, depots: 6, users: 25, factures: 5000, jours: 365 }),
      { url },
    );
    expect(response.statusCode).toBe(201);
    const [line] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, response.json().idLigne));
    expect(line).toMatchObject({
      planId: 4,
      shops: 3,
      depots: 6,
      users: 25,
      invoices: 5000,
      days: 365,
      priceFcfa: null,
      proofFileId: null,
      status: 'pending',
    });
  });

  it('stores a proof when one is sent, and checks it', async () => {
    const ok = await register(form({ abonnement: undefined, boutiques: 1, depots: 1, users: 2 }), { url });
    expect(ok.statusCode).toBe(201);
    const [line] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ok.json().idLigne));
    expect(line!.proofFileId).not.toBeNull();
    expect(line!.invoices).toBeNull();
    const bad = await register(
      form({ abonnement: 4, boutiques: 1, depots: 1, users: 2, preuve: { data: Buffer.from('GIF89a...'), filename: 'a.gif' } }),
      { url },
    );
    expect(bad.statusCode).toBe(415);
  });

  it('requires the counts', async () => {
    const response = await register(form({ preuve: undefined, boutiques: '', depots: 0, users: 'many' }), {
      url,
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['body.boutiques', 'body.depots', 'body.users']));
    expect(response.json().details.find((d: { field: string }) => d.field === 'body.boutiques').message).toBe('Required.');
  });
});

describe('live existence checks', () => {
  it('answer 1 when the username, e-mail or phone exists, else 0', async () => {
    const existing = await createUser(t.db, { roles: [ROLE.seller], telephone: '+22507000001' });
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await get(`/api/auth/check_username/${existing.username.toUpperCase()}`)).toBe(1);
    expect(await get('/api/auth/check_username/nobody.here')).toBe(0);
    expect(await get(`/api/auth/check/email/${encodeURIComponent(`${existing.username}@EXAMPLE.test`)}`)).toBe(1);
    expect(await get('/api/auth/check/email/nobody%40example.test')).toBe(0);
    expect(await get(`/api/auth/check/telephone/${encodeURIComponent('+225 07 00 00 01')}`)).toBe(1);
    expect(await get('/api/auth/check/telephone/0102030405')).toBe(0);
  });

  it('are rate-limited per address like sign-in', async () => {
    const limited = await createTestApp({ signinRateLimit: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await limited.app.inject({ method: 'GET', url: '/api/auth/check_username/someone' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const response = await limited.app.inject({ method: 'GET', url: '/api/auth/check_username/someone' });
      expect(response.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
