import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function shopWorld() {
  const world = await createDirector(t.db, { planId: 4, counts: { shops: 3, depots: 5, users: 10 } });
  const shop = world.shops[0]!;
  const manager = await createUser(t.db, { roles: [ROLE.manager], shopIds: [shop.id] });
  const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id] });
  return {
    ...world,
    shop,
    director: as(t.app, await signIn(t.app, world.director)),
    manager: as(t.app, await signIn(t.app, manager)),
    seller: as(t.app, await signIn(t.app, seller)),
  };
}

describe('categories', () => {
  it('a manager creates, lists, searches, edits and deletes; the body names the shop by id or object', async () => {
    const { manager, shop } = await shopWorld();
    const created = await manager({
      method: 'POST',
      url: '/api/categories',
      payload: { libelle: 'Boissons', boutique: shop.id },
    });
    expect(created.statusCode).toBe(201);
    const boissons = created.json();
    expect(boissons).toEqual({ idCategorie: expect.any(Number), libelle: 'Boissons', boutique: { idBoutique: shop.id } });
    const other = await manager({
      method: 'POST',
      url: '/api/categories',
      payload: { libelle: 'Riz et céréales', boutique: { idBoutique: shop.id } },
    });
    expect(other.statusCode).toBe(201);

    const page = (await manager({ method: 'GET', url: `/api/categorie/page/${shop.id}/1` })).json();
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(page.data.map((c: { libelle: string }) => c.libelle)).toEqual(['Boissons', 'Riz et céréales']);
    expect(
      (await manager({ method: 'GET', url: `/api/categorie/page/${shop.id}/1/${encodeURIComponent('céré')}` })).json().data,
    ).toEqual([other.json()]);
    expect((await manager({ method: 'GET', url: `/api/categories_boutique/${shop.id}` })).json()).toHaveLength(2);

    const edited = await manager({
      method: 'PUT',
      url: `/api/categories/${boissons.idCategorie}`,
      payload: { libelle: 'Boissons fraîches', boutique: shop.id },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().libelle).toBe('Boissons fraîches');

    expect((await manager({ method: 'DELETE', url: `/api/categories/${boissons.idCategorie}` })).statusCode).toBe(200);
    expect((await manager({ method: 'GET', url: `/api/categories_boutique/${shop.id}` })).json()).toEqual([other.json()]);
    expect((await manager({ method: 'DELETE', url: `/api/categories/${boissons.idCategorie}` })).statusCode).toBe(404);
    // A deleted label may be used again.
    expect(
      (await manager({ method: 'POST', url: '/api/categories', payload: { libelle: 'boissons fraîches', boutique: shop.id } }))
        .statusCode,
    ).toBe(201);
  });

  it('validates create and edit alike, and refuses a label already used in the shop', async () => {
    const { director, shop } = await shopWorld();
    const existing = (
      await director({ method: 'POST', url: '/api/categories', payload: { libelle: 'Savons', boutique: shop.id } })
    ).json();
    for (const request of [
      { method: 'POST' as const, url: '/api/categories' },
      { method: 'PUT' as const, url: `/api/categories/${existing.idCategorie}` },
    ]) {
      const empty = await director({
        ...request,
        payload: { libelle: '  ', boutique: shop.id },
        headers: { 'accept-language': 'fr' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details).toEqual([{ field: 'body.libelle', message: 'Ce champ est obligatoire.' }]);
      const noShop = await director({ ...request, payload: { libelle: 'X' } });
      expect(noShop.statusCode).toBe(400);
    }
    const other = (
      await director({ method: 'POST', url: '/api/categories', payload: { libelle: 'Huiles', boutique: shop.id } })
    ).json();
    const twice = await director({
      method: 'POST',
      url: '/api/categories',
      payload: { libelle: 'SAVONS', boutique: shop.id },
      headers: { 'accept-language': 'en' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'CATEGORY_TAKEN',
      message: 'A category with this label already exists in the shop.',
    });
    const renamed = await director({
      method: 'PUT',
      url: `/api/categories/${other.idCategorie}`,
      payload: { libelle: 'savons', boutique: shop.id },
    });
    expect(renamed.statusCode).toBe(409);
    // The same label in another shop is fine.
    const elsewhere = await shopWorld();
    expect(
      (
        await elsewhere.director({
          method: 'POST',
          url: '/api/categories',
          payload: { libelle: 'Savons', boutique: elsewhere.shop.id },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('sellers read but cannot write (403); another shop is 403 by path and 404 by record', async () => {
    const { seller, director, shop } = await shopWorld();
    const cat = (
      await director({ method: 'POST', url: '/api/categories', payload: { libelle: 'Épicerie', boutique: shop.id } })
    ).json();
    expect((await seller({ method: 'GET', url: `/api/categorie/page/${shop.id}/1` })).statusCode).toBe(200);
    expect(
      (await seller({ method: 'POST', url: '/api/categories', payload: { libelle: 'X', boutique: shop.id } })).statusCode,
    ).toBe(403);
    expect(
      (await seller({ method: 'PUT', url: `/api/categories/${cat.idCategorie}`, payload: { libelle: 'X', boutique: shop.id } }))
        .statusCode,
    ).toBe(403);
    expect((await seller({ method: 'DELETE', url: `/api/categories/${cat.idCategorie}` })).statusCode).toBe(403);

    const stranger = await shopWorld();
    expect((await stranger.director({ method: 'GET', url: `/api/categorie/page/${shop.id}/1` })).statusCode).toBe(403);
    expect(
      (await stranger.director({ method: 'POST', url: '/api/categories', payload: { libelle: 'X', boutique: shop.id } }))
        .statusCode,
    ).toBe(403);
    const put = await stranger.director({
      method: 'PUT',
      url: `/api/categories/${cat.idCategorie}`,
      payload: { libelle: 'X', boutique: stranger.shop.id },
    });
    expect(put.statusCode).toBe(404);
    expect((await stranger.director({ method: 'DELETE', url: `/api/categories/${cat.idCategorie}` })).statusCode).toBe(404);
    // Moving a category into another shop through the body is refused: 404.
    const otherShop = (
      await director({
        method: 'POST',
        url: '/api/boutiques',
        payload: { nom: 'Seconde', telephone: '01020304', adresse: 'Abidjan' },
      })
    ).json();
    const moved = await director({
      method: 'PUT',
      url: `/api/categories/${cat.idCategorie}`,
      payload: { libelle: 'X', boutique: otherShop.idBoutique },
    });
    expect(moved.statusCode).toBe(404);
    expect(
      (await director({ method: 'GET', url: `/api/categories_boutique/${shop.id}` }))
        .json()
        .map((c: { libelle: string }) => c.libelle),
    ).toEqual(['Épicerie']);
  });
});
