import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('invoice types', () => {
  it('lists the built-in types in the caller language with the shop own, which only directors change', async () => {
    const world = await createDirector(t.db);
    const shop = world.shops[0]!;
    const director = as(t.app, await signIn(t.app, world.director));
    const created = await director({
      method: 'POST',
      url: '/api/type_factures',
      payload: { libelle: 'Bon de commande', boutique: shop.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const own = created.json();
    expect(own).toMatchObject({ libelle: 'Bon de commande', builtIn: false });

    const en = (await director({ method: 'GET', url: '/api/type/facture/page/1', headers: { 'accept-language': 'en' } })).json();
    expect(en.data.map((x: { libelle: string }) => x.libelle)).toEqual([
      'Cash sale',
      'Credit sale',
      'Proforma',
      'Bon de commande',
    ]);
    const fr = (await director({ method: 'GET', url: '/api/type_factures' })).json();
    expect(fr.map((x: { libelle: string }) => x.libelle)).toEqual(['Comptant', 'Crédit', 'Proforma', 'Bon de commande']);
    expect((await director({ method: 'GET', url: '/api/type/facture/page/1/bon' })).json().total).toBe(1);

    // Another account does not see this shop's type.
    const other = await createDirector(t.db);
    const outsider = as(t.app, await signIn(t.app, other.director));
    expect((await outsider({ method: 'GET', url: '/api/type_factures' })).json()).toHaveLength(3);
    expect((await outsider({ method: 'DELETE', url: `/api/type_factures/${own.idTypeFacture}` })).statusCode).toBe(404);

    expect((await director({ method: 'DELETE', url: '/api/type_factures/3' })).json().code).toBe('BUILT_IN_TYPE');
    const builtInRename = await director({ method: 'PUT', url: '/api/type_factures/1', payload: { libelle: 'x', boutique: shop.id } });
    expect(builtInRename.statusCode).toBe(409);
    // A rename is refused as a rename (it said « ne peut pas être supprimé »).
    expect(builtInRename.json()).toMatchObject({ code: 'BUILT_IN_TYPE', message: expect.stringContaining('ni renommé ni supprimé') });
    expect(
      (await director({ method: 'POST', url: '/api/type_factures', payload: { libelle: ' ', boutique: shop.id } })).statusCode,
    ).toBe(400);

    const seller = as(
      t.app,
      await signIn(t.app, await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id], accountId: world.director.id })),
    );
    expect((await seller({ method: 'GET', url: '/api/type_factures' })).json()).toHaveLength(4);
    expect(
      (await seller({ method: 'POST', url: '/api/type_factures', payload: { libelle: 'x', boutique: shop.id } })).statusCode,
    ).toBe(403);

    const renamed = await director({
      method: 'PUT',
      url: `/api/type_factures/${own.idTypeFacture}`,
      payload: { libelle: 'Commande', boutique: shop.id },
    });
    expect(renamed.json().libelle).toBe('Commande');
    expect((await director({ method: 'DELETE', url: `/api/type_factures/${own.idTypeFacture}` })).statusCode).toBe(200);
    expect((await director({ method: 'GET', url: '/api/type_factures' })).json()).toHaveLength(3);
  });

  it("takes the caller's shop when the seed's body names none, and asks which one only of a director of several shops", async () => {
    const one = await createDirector(t.db);
    const director = as(t.app, await signIn(t.app, one.director));
    const created = await director({ method: 'POST', url: '/api/type_factures', payload: { libelle: 'Avoir' } });
    expect(created.statusCode, created.body).toBe(201);
    const listed = (await director({ method: 'GET', url: `/api/type_factures_boutique/${one.shops[0]!.id}` })).json();
    expect(listed.map((type: { libelle: string }) => type.libelle)).toContain('Avoir');
    const renamed = await director({
      method: 'PUT',
      url: `/api/type_factures/${created.json().idTypeFacture}`,
      payload: { libelle: 'Avoir client' },
    });
    expect(renamed.json(), renamed.body).toMatchObject({ libelle: 'Avoir client' });

    const several = await createDirector(t.db, { shopCount: 2, planId: 3 });
    const owner = as(t.app, await signIn(t.app, several.director));
    for (const [lang, text] of [
      ['fr', 'Vous travaillez dans plusieurs boutiques'],
      ['en', 'You work in several shops'],
    ] as const) {
      const refused = await owner({
        method: 'POST',
        url: '/api/type_factures',
        payload: { libelle: 'Avoir' },
        headers: { 'accept-language': lang },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'SHOP_REQUIRED', details: [{ field: 'body.boutique' }] });
      expect(refused.json().message).toContain(text);
    }
    const second = several.shops[1]!.id;
    expect(
      (await owner({ method: 'POST', url: '/api/type_factures', payload: { libelle: 'Avoir', boutique: second } })).statusCode,
    ).toBe(201);
    // Naming a shop that is not the type's, or another tenant's, stays refused.
    expect(
      (
        await owner({
          method: 'PUT',
          url: `/api/type_factures/${created.json().idTypeFacture}`,
          payload: { libelle: 'x', boutique: second },
        })
      ).statusCode,
    ).toBe(404);
  });
});
