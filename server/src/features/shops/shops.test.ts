import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createShop, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function director(shopCount = 1, planId: 2 | 3 = 3) {
  const world = await createDirector(t.db, { shopCount, planId });
  return { ...world, call: as(t.app, await signIn(t.app, world.director)) };
}

describe('shops', () => {
  it('creates, lists, searches, edits and deletes', async () => {
    const { call, shops } = await director(1);
    const created = await call({
      method: 'POST',
      url: '/api/boutiques',
      payload: { nom: 'Chez Awa', telephone: '07080910', adresse: 'Cocody' },
    });
    expect(created.statusCode).toBe(201);
    const shop = created.json();
    expect(shop).toMatchObject({ nom: 'Chez Awa', telephone: '07080910', adresse: 'Cocody' });

    const page = (await call({ method: 'GET', url: '/api/boutique/users/page/1' })).json();
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(page.data.map((s: { idBoutique: number }) => s.idBoutique).sort()).toEqual([shops[0]!.id, shop.idBoutique].sort());

    const found = (await call({ method: 'GET', url: '/api/boutique/page/1/awa' })).json();
    expect(found.data).toEqual([shop]);
    const none = (await call({ method: 'GET', url: '/api/boutique/page/1/%25' })).json();
    expect(none.data).toEqual([]);

    const edited = await call({
      method: 'PUT',
      url: `/api/boutiques/${shop.idBoutique}`,
      payload: { nom: 'Chez Awa 2', telephone: '1234', adresse: 'Plateau' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().nom).toBe('Chez Awa 2');

    expect((await call({ method: 'DELETE', url: `/api/boutiques/${shop.idBoutique}` })).statusCode).toBe(200);
    const after = (await call({ method: 'GET', url: '/api/boutique_current_user' })).json();
    expect(after.map((s: { idBoutique: number }) => s.idBoutique)).toEqual([shops[0]!.id]);
  });

  it("names a new shop's register in the language of who made it", async () => {
    const { call } = await director(1);
    for (const [lang, libelle] of [
      ['en', 'Main register'],
      ['fr', 'Caisse principale'],
    ] as const) {
      const created = await call({
        method: 'POST',
        url: '/api/boutiques',
        payload: { nom: `Shop ${lang}`, telephone: '07080910', adresse: 'Cocody' },
        headers: { 'accept-language': lang },
      });
      expect(created.statusCode, created.body).toBe(201);
      const registers = (await call({ method: 'GET', url: `/api/caisses_boutique/${created.json().idBoutique}` })).json();
      expect(registers).toEqual([expect.objectContaining({ libelle, parDefaut: true })]);
      expect((await call({ method: 'DELETE', url: `/api/boutiques/${created.json().idBoutique}` })).statusCode).toBe(200);
    }
  });

  it('gives each shop a time zone: Africa/Abidjan unless chosen, kept when an edit does not send one', async () => {
    const { call, shops } = await director(1);
    const base = { telephone: '07080910', adresse: 'Cocody' };
    const plain = await call({ method: 'POST', url: '/api/boutiques', payload: { nom: 'Plain', ...base } });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().timeZone).toBe('Africa/Abidjan');
    expect((await call({ method: 'DELETE', url: `/api/boutiques/${plain.json().idBoutique}` })).statusCode).toBe(200);

    const paris = await call({
      method: 'POST',
      url: '/api/boutiques',
      payload: { nom: 'Paris', ...base, timeZone: 'Europe/Paris' },
    });
    expect(paris.statusCode).toBe(201);
    expect(paris.json()).toMatchObject({ nom: 'Paris', timeZone: 'Europe/Paris' });

    const id = shops[0]!.id;
    const douala = await call({
      method: 'PUT',
      url: `/api/boutiques/${id}`,
      payload: { nom: 'Douala', ...base, timeZone: ' africa/douala ' },
    });
    expect(douala.statusCode).toBe(200);
    expect(douala.json()).toMatchObject({ nom: 'Douala', timeZone: 'Africa/Douala' });
    // The old client's edit has no timeZone: the shop keeps its own.
    const renamed = await call({ method: 'PUT', url: `/api/boutiques/${id}`, payload: { nom: 'Douala 2', ...base } });
    expect(renamed.json()).toMatchObject({ nom: 'Douala 2', timeZone: 'Africa/Douala' });

    // The signed-in user's shops carry it, so that the web shows dates in the shop's zone.
    const me = (await call({ method: 'GET', url: '/api/auth/me' })).json();
    const zones = Object.fromEntries(me.boutiques.map((s: { nom: string; timeZone: string }) => [s.nom, s.timeZone]));
    expect(zones).toEqual({ 'Douala 2': 'Africa/Douala', Paris: 'Europe/Paris' });
  });

  it('refuses a time zone it does not know, in both languages', async () => {
    const { call, shops } = await director(1);
    for (const timeZone of ['Mars/Olympus', '+01:00', '', 42]) {
      for (const [lang, message] of [
        ['fr', 'Fuseau horaire inconnu (exemple\u00a0: Africa/Abidjan).'],
        ['en', 'Unknown time zone (for example Africa/Abidjan).'],
      ] as const) {
        const response = await call({
          method: 'PUT',
          url: `/api/boutiques/${shops[0]!.id}`,
          payload: { nom: 'Shop', telephone: '1', adresse: 'A', timeZone },
          headers: { 'accept-language': lang },
        });
        expect(response.statusCode).toBe(400);
        const detail = response.json().details.find((d: { field: string }) => d.field === 'body.timeZone');
        if (typeof timeZone === 'string') expect(detail).toEqual({ field: 'body.timeZone', message });
        else expect(detail).toBeDefined();
      }
    }
    const after = (await call({ method: 'GET', url: '/api/boutique_current_user' })).json();
    expect(after[0]).toMatchObject({ nom: shops[0]!.nom, timeZone: 'Africa/Abidjan' });
  });

  it('pages by the server page size', async () => {
    // A director the admin made has no subscription line, hence no shop limit.
    const owner = await createUser(t.db, { roles: [ROLE.director] });
    const call = as(t.app, await signIn(t.app, owner));
    for (let i = 0; i < 11; i++) await createShop(t.db, owner.id, { nom: `Page ${String(i).padStart(2, '0')}` });
    const first = (await call({ method: 'GET', url: '/api/boutique/users/page/1' })).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 12 });
    expect(first.data).toHaveLength(10);
    const second = (await call({ method: 'GET', url: '/api/boutique/users/page/2' })).json();
    expect(second).toMatchObject({ current_page: 2, last_page: 2 });
    expect(second.data).toHaveLength(2);
    expect((await call({ method: 'GET', url: '/api/boutique/users/page/0' })).statusCode).toBe(400);
  });

  it('validates create and edit alike, naming the fields', async () => {
    const { call, shops } = await director(1);
    const bad = { nom: '', telephone: '123456789', adresse: ' ' };
    for (const request of [
      { method: 'POST' as const, url: '/api/boutiques' },
      { method: 'PUT' as const, url: `/api/boutiques/${shops[0]!.id}` },
    ]) {
      const response = await call({ ...request, payload: bad, headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details).toEqual(
        expect.arrayContaining([
          { field: 'body.nom', message: 'This field is required.' },
          { field: 'body.telephone', message: 'The phone must have up to 8 digits.' },
          { field: 'body.adresse', message: 'This field is required.' },
        ]),
      );
    }
  });

  it("refuses the plan's limit with a message naming it", async () => {
    const { call } = await director(1, 2);
    const response = await call({
      method: 'POST',
      url: '/api/boutiques',
      payload: { nom: 'Second', telephone: '1', adresse: 'A' },
      headers: { 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PLAN_LIMIT', details: { limit: 1, used: 1, kind: 'shops' } });
    expect(response.json().message).toContain('Bronze');
    expect(response.json().message).toContain('1 boutique.');
  });

  it("keeps the account's last shop", async () => {
    const { call, shops } = await director(1);
    const response = await call({ method: 'DELETE', url: `/api/boutiques/${shops[0]!.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('LAST_SHOP');
  });

  it("refuses another director's shop and leaves it untouched", async () => {
    const mine = await director(1);
    const other = await director(2);
    const target = other.shops[0]!;
    for (const request of [
      { method: 'PUT' as const, url: `/api/boutiques/${target.id}`, payload: { nom: 'Hijack', telephone: '1', adresse: 'A' } },
      { method: 'DELETE' as const, url: `/api/boutiques/${target.id}` },
    ]) {
      const response = await mine.call(request);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('NOT_SHOP_MEMBER');
    }
    const list = (await mine.call({ method: 'GET', url: '/api/boutique_current_user' })).json();
    expect(list.map((s: { nom: string }) => s.nom)).not.toContain(target.nom);
    const theirs = (await other.call({ method: 'GET', url: '/api/boutique_current_user' })).json();
    expect(theirs.map((s: { nom: string }) => s.nom)).toContain(target.nom);
  });

  it('lets a seller list their own shops but not manage shops', async () => {
    const { shops } = await director(1);
    const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id] });
    const call = as(t.app, await signIn(t.app, seller));
    expect((await call({ method: 'GET', url: '/api/boutique_current_user' })).json()).toHaveLength(1);
    expect((await call({ method: 'GET', url: '/api/boutique/users/page/1' })).statusCode).toBe(403);
    const create = await call({ method: 'POST', url: '/api/boutiques', payload: { nom: 'X', telephone: '1', adresse: 'A' } });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('FORBIDDEN');
  });

  it('refuses writes once the subscription has expired, but still reads', async () => {
    const world = await createDirector(t.db, { endsAt: new Date(Date.now() - 86_400_000) });
    const call = as(t.app, await signIn(t.app, world.director));
    expect((await call({ method: 'GET', url: '/api/boutique/users/page/1' })).statusCode).toBe(200);
    const response = await call({ method: 'POST', url: '/api/boutiques', payload: { nom: 'X', telephone: '1', adresse: 'A' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('SUBSCRIPTION_EXPIRED');
  });
});
