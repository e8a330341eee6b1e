import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, shops } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { multipartPayload, TINY_PNG } from '../../test/uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function world() {
  const w = await createDirector(t.db, { planId: 4, counts: { shops: 2, depots: 2, users: 10 } });
  await t.db.update(shops).set({ timeZone: 'Africa/Dakar' }).where(eq(shops.id, w.shops[0]!.id));
  const manager = await createUser(t.db, { roles: [ROLE.manager], shopIds: [w.shops[0]!.id], accountId: w.director.id });
  return { ...w, shop: w.shops[0]!, director: as(t.app, await signIn(t.app, w.director)), manager: as(t.app, await signIn(t.app, manager)) };
}

describe('GET|PUT /api/boutiques/{idBoutique}/identite', () => {
  it('answers defaults from the time zone, saves, and a manager reads but cannot write', async () => {
    const w = await world();
    const url = `/api/boutiques/${w.shop.id}/identite`;
    const first = await w.director({ method: 'GET', url });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ pays: 'SN', libelleIdFiscal: 'NINEA', assujettiTva: false, prixTtc: true, tauxTva: [18], raisonSociale: null, capitalSocial: null, siegeSocial: null, logo: null });

    const body = { raisonSociale: 'Awa Commerce SARL', formeJuridique: 'SARL', rccm: 'SN-DKR-2024-B-12345', idFiscal: '0012345 2G3', pays: 'cm', assujettiTva: true, piedDePage: 'Merci de votre visite' };
    const saved = await w.director({ method: 'PUT', url, payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...body, pays: 'CM', libelleIdFiscal: 'NIU', tauxTva: [19.25], prixTtc: true });

    const edited = await w.director({ method: 'PUT', url, payload: { ...body, pays: 'CI', tauxTva: [18, 9], prixTtc: false } });
    expect(edited.json()).toMatchObject({ pays: 'CI', libelleIdFiscal: 'NCC', tauxTva: [18, 9], prixTtc: false });

    // The share capital and head office (OHADA): the capital as typed with its groups, blank is none.
    const capital = await w.director({ method: 'PUT', url, payload: { ...body, capitalSocial: '1 000 000', siegeSocial: '  Rue 10, Akwa, Douala ' } });
    expect(capital.json()).toMatchObject({ capitalSocial: 1_000_000, siegeSocial: 'Rue 10, Akwa, Douala' });
    const blank = await w.director({ method: 'PUT', url, payload: { ...body, capitalSocial: '', siegeSocial: '' } });
    expect(blank.json()).toMatchObject({ capitalSocial: null, siegeSocial: null });
    await w.director({ method: 'PUT', url, payload: { ...body, pays: 'CI', tauxTva: [18, 9], prixTtc: false } });

    const read = await w.manager({ method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(edited.json());
    expect((await w.manager({ method: 'PUT', url, payload: body })).statusCode).toBe(403);
  });

  it('refuses bad input with a code and a translated message, and writes nothing', async () => {
    const w = await world();
    const url = `/api/boutiques/${w.shop.id}/identite`;
    const bad = [
      { pays: 'Senegal' },
      // A code outside the FCFA zone's countries (the form offers those only).
      { pays: 'ZZ' },
      { pays: 'FR' },
      { pays: 'SN', tauxTva: [18.123] },
      { pays: 'SN', tauxTva: [0] },
      { pays: 'SN', tauxTva: [18, 18] },
      { pays: 'SN', assujettiTva: true, tauxTva: [] },
      { pays: 'SN', rccm: '<script>' },
      { pays: 'SN', raisonSociale: 'x'.repeat(201) },
      { pays: 'SN', capitalSocial: '1,5 million' },
      { pays: 'SN', capitalSocial: -1 },
      { pays: 'SN', capitalSocial: 1.5 },
      { pays: 'SN', capitalSocial: 10 ** 13 },
      { pays: 'SN', siegeSocial: 'x'.repeat(201) },
    ];
    for (const payload of bad) {
      const res = await w.director({ method: 'PUT', url, payload, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toMatch(/[a-z]/);
    }
    const fr = await w.director({ method: 'PUT', url, payload: { pays: 'SN', tauxTva: [18.123] }, headers: { 'accept-language': 'fr' } });
    expect(JSON.stringify(fr.json().details)).toMatch(/taux/i);
    const capitalFr = await w.director({ method: 'PUT', url, payload: { pays: 'SN', capitalSocial: '1,5 million' }, headers: { 'accept-language': 'fr' } });
    expect(JSON.stringify(capitalFr.json().details)).toContain('Saisissez le capital en francs CFA');
    expect((await w.director({ method: 'GET', url })).json().raisonSociale).toBeNull();
  });

  it("does not show or write another account's shop", async () => {
    const w = await world();
    const other = await world();
    const url = `/api/boutiques/${w.shop.id}/identite`;
    expect([403, 404]).toContain((await other.director({ method: 'GET', url })).statusCode);
    expect([403, 404]).toContain((await other.director({ method: 'PUT', url, payload: { pays: 'SN' } })).statusCode);
  });

  it('takes a logo checked by content and serves it to the shop', async () => {
    const w = await world();
    const url = `/api/boutiques/${w.shop.id}/identite/logo`;
    const notImage = await multipartPayload({ file: { filename: 'logo.png', type: 'image/png', data: Buffer.from('not an image') } });
    expect((await w.director({ method: 'PUT', url, ...notImage })).statusCode).toBe(415);
    const ok = await w.director({ method: 'PUT', url, ...(await multipartPayload({ file: { filename: 'logo.png', type: 'image/png', data: TINY_PNG } })) });
    expect(ok.statusCode, ok.body).toBe(200);
    const logo = ok.json().logo as string;
    expect(logo).toMatch(/^image-\d+\.png$/);
    const served = await w.director({ method: 'GET', url: `/api/downloadFile/${logo}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});

describe('article tauxTva (seed 001 article calls)', () => {
  it("follows the shop's standard rate by default, takes its own rate or exempt, and a manager cannot change it", async () => {
    const w = await world();
    const depotId = w.depots[0]!.id;
    const create = (extra: Record<string, unknown>, lang?: string) =>
      w.director({
        method: 'POST',
        url: '/api/articles_all',
        headers: lang ? { 'accept-language': lang } : {},
        payload: { designation: `Riz ${Math.random()}`, description: '', prix: 1180, prixAchat: 800, boutique: w.shop.id, depot: depotId, stockMin: 0, quantite: 5, categorie: 0, fournisseur: 0, ...extra },
      });
    const byDefault = await create({});
    expect(byDefault.statusCode, byDefault.body).toBe(201);
    // Not subject to VAT yet: no rate.
    expect(byDefault.json()).toMatchObject({ tauxTva: null, tvaParDefaut: true });
    await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'CM', assujettiTva: true } });
    const id = byDefault.json().idArticle as number;
    expect((await w.director({ method: 'GET', url: `/api/articles/${id}` })).json()).toMatchObject({ tauxTva: 19.25, tvaParDefaut: true });

    // A rate the shop does not list (Cameroon's preset is 19.25 %) is refused, nothing written.
    const foreign = await create({ tauxTva: 18, designation: 'Riz étranger' }, 'fr');
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(foreign.json()).toMatchObject({ code: 'VAT_RATE_NOT_IN_SHOP', details: [{ field: 'body.tauxTva' }] });
    expect(foreign.json().message).toContain('taux de TVA');
    expect(await t.db.select().from(articles).where(eq(articles.designation, 'Riz étranger'))).toEqual([]);
    await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'CM', assujettiTva: true, tauxTva: [19.25, 18] } });
    const own = await create({ tauxTva: 18 });
    expect(own.json()).toMatchObject({ tauxTva: 18, tvaParDefaut: false });
    // The shop may not drop 18 % while an article carries it: it would go on selling at 18 % (the
    // rate a Cameroon shop's invoice printed after its country changed). The identity stays as it was.
    for (const [lang, words] of [
      ['fr', "Des articles ont un taux que la boutique n'aurait plus (18 %)"],
      ['en', 'Some articles carry a rate the shop would no longer have (18 %)'],
    ] as const) {
      const dropped = await w.director({
        method: 'PUT',
        url: `/api/boutiques/${w.shop.id}/identite`,
        headers: { 'accept-language': lang },
        payload: { pays: 'CM', assujettiTva: true, tauxTva: [19.25] },
      });
      expect(dropped.statusCode, dropped.body).toBe(409);
      expect(dropped.json()).toMatchObject({ code: 'VAT_RATE_IN_USE', details: [{ field: 'body.tauxTva' }] });
      expect(dropped.json().message).toContain(words);
      expect(dropped.json().message).toContain(own.json().designation);
    }
    // A country change whose preset leaves 18 % out is refused the same way.
    expect((await w.director({ method: 'PUT', url: `/api/boutiques/${w.shop.id}/identite`, payload: { pays: 'CM', assujettiTva: true } })).json().code).toBe('VAT_RATE_IN_USE');
    expect((await w.director({ method: 'GET', url: `/api/boutiques/${w.shop.id}/identite` })).json()).toMatchObject({ tauxTva: [19.25, 18] });
    // The article may not take an unlisted rate either.
    const ownBody = { designation: own.json().designation, description: '', prix: 1180, prixAchat: 800, categorie: 0, fournisseur: 0 };
    const unlisted = await w.director({ method: 'PUT', url: `/api/articles/${own.json().idArticle}`, payload: { ...ownBody, tauxTva: 5 } });
    expect(unlisted.statusCode).toBe(422);
    expect(unlisted.json().code).toBe('VAT_RATE_NOT_IN_SHOP');
    expect((await w.director({ method: 'GET', url: `/api/articles/${own.json().idArticle}` })).json()).toMatchObject({ tauxTva: 18 });
    const exempt = await create({ tauxTva: null });
    expect(exempt.json()).toMatchObject({ tauxTva: null, tvaParDefaut: false });
    const bad = await create({ tauxTva: 18.555 });
    expect(bad.statusCode).toBe(400);

    const article = exempt.json();
    const body = { designation: article.designation, description: '', prix: article.prix, prixAchat: article.prixAchat, categorie: 0, fournisseur: 0 };
    const edited = await w.director({ method: 'PUT', url: `/api/articles/${article.idArticle}`, payload: { ...body, tvaParDefaut: true } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ tauxTva: 19.25, tvaParDefaut: true });
    const kept = await w.director({ method: 'PUT', url: `/api/articles/${article.idArticle}`, payload: body });
    expect(kept.json()).toMatchObject({ tauxTva: 19.25, tvaParDefaut: true });
    const byManager = await w.manager({ method: 'PUT', url: `/api/articles/${article.idArticle}`, payload: { ...body, tauxTva: 18 } });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().code).toBe('MANAGER_RESTRICTED_FIELDS');
  });
});
