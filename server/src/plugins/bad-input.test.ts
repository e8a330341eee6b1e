import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../test/app.js';
import { createDirector, signIn } from '../test/factories.js';
import { multipartPayload } from '../test/uploads.js';

let t: TestApp;
let director: Awaited<ReturnType<typeof createDirector>>;
let call: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  director = await createDirector(t.db);
  call = as(t.app, await signIn(t.app, director.director));
});
afterAll(() => t.close());

const nulRefusal = (field: string, message: string) => ({
  code: 'VALIDATION_FAILED',
  message: expect.any(String),
  requestId: expect.any(String),
  details: [{ field, message }],
});

describe('a NUL character (U+0000) in any text is refused with 400, never a 500', () => {
  it('in a JSON body of a public route, with the message in the caller language', async () => {
    const french = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'a\u0000b', password: 'x' },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json()).toEqual(nulRefusal('body.username', 'Ce champ contient un caractère non autorisé (NUL).'));
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'accept-language': 'en' },
      payload: { username: 'boss', password: 'pass\u0000word' },
    });
    expect(english.json()).toEqual(nulRefusal('body.password', 'This field contains a character that is not allowed (NUL).'));
  });

  it('a lone UTF-16 surrogate (half a character) too, in a body text', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/depots',
      payload: { libelle: 'Dépôt \ud800', boutique: { idBoutique: director.shops[0]!.id } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(nulRefusal('body.libelle', 'Ce champ contient un caractère invalide.'));
    // A whole character outside the basic plane (two surrogates) is a character like any other.
    const emoji = await call({ method: 'POST', url: '/api/depots', payload: { libelle: 'Dépôt 📦', boutique: { idBoutique: director.shops[0]!.id } } });
    expect(emoji.statusCode, emoji.body).toBe(201);
  });

  it('in a path parameter, a search term and a query parameter', async () => {
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/check_username/%00' });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toEqual(nulRefusal('params.name', 'Ce champ contient un caractère non autorisé (NUL).'));
    const shop = director.shops[0]!.id;
    const search = await call({ method: 'GET', url: `/api/depot/page/${shop}/1/a%00b` });
    expect(search.json()).toEqual(nulRefusal('params.search', expect.any(String)));
    const query = await t.app.inject({ method: 'GET', url: '/api/auth/check/client/tel/0707?country=%00' });
    expect(query.statusCode).toBe(400);
  });

  it('in a nested body field and in a key', async () => {
    const nested = await call({
      method: 'POST',
      url: '/api/depots',
      payload: { libelle: 'Ok', boutique: { idBoutique: director.shops[0]!.id, nom: 'x\u0000' } },
    });
    expect(nested.json()).toEqual(nulRefusal('body.boutique.nom', expect.any(String)));
    const key = await call({
      method: 'POST',
      url: '/api/depots',
      payload: { libelle: 'Ok', boutique: { idBoutique: director.shops[0]!.id }, 'x\u0000': 1 },
    });
    expect(key.json()).toEqual(nulRefusal('body', expect.any(String)));
  });

  it('in a multipart field', async () => {
    const { payload, headers } = await multipartPayload({
      username: 'awa.nul',
      nom: 'Ko\u0000ne',
      prenom: 'Awa',
      email: 'awa.nul@example.test',
      adresse: 'Cocody',
      nomBoutque: 'Chez Awa',
      telephone: '+2250700000999',
      tel: '07080910',
      password: 'Baobab2026',
      jours: 365,
      boutiques: 1,
      depots: 1,
      users: 2,
    });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/users/abonnement/personnalise', payload, headers });
    expect(response.json()).toEqual(nulRefusal('body.nom', expect.any(String)));
  });
});

describe('body ids have the bounds of path ids (int4)', () => {
  it('refuses an id above 2147483647 or below 1 with 400', async () => {
    for (const depots of [2_147_483_648, -1, 0]) {
      const response = await call({ method: 'POST', url: '/api/ligne_depot', payload: { depots, users: director.director.id } });
      expect(response.statusCode, String(depots)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body.depots' }] });
    }
    const shop = await call({
      method: 'POST',
      url: '/api/depots',
      payload: { libelle: 'Big', boutique: { idBoutique: 2_147_483_648 } },
    });
    expect(shop.statusCode).toBe(400);
  });
});

describe("a rule without its own message answers in the caller's language, never zod's English", () => {
  it('a null body, and a missing field of the profile', async () => {
    const nullBody = await call({ method: 'POST', url: '/api/ventes', payload: 'null', headers: { 'content-type': 'application/json' } });
    expect(nullBody.statusCode).toBe(400);
    expect(nullBody.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body', message: 'Valeur non valide.' }] });
    const english = await call({ method: 'POST', url: '/api/ventes', payload: 'null', headers: { 'content-type': 'application/json', 'accept-language': 'en' } });
    expect(english.json().details).toEqual([{ field: 'body', message: 'Invalid value.' }]);
    const missing = await call({ method: 'PUT', url: `/e2v/api/profil/${director.director.id}`, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({ field: 'body.username', message: 'Ce champ est obligatoire.' });
    for (const detail of [...nullBody.json().details, ...missing.json().details]) expect(detail.message).not.toMatch(/expected|received/);
  });
});
