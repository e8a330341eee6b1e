import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createTestDriver, createTestInvoice } from '../../test/cash-factories.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (body: { idPayement?: number; idLivraison?: number }[]) => body.map((row) => row.idPayement ?? row.idLivraison);

describe('seed 001 §7 payment and delivery lookups', () => {
  it('answer for the named shop or for every shop of the caller, own versus all, live payments only', async () => {
    const world = await createDirector(t.db, { shopCount: 2, planId: 3 });
    const [shopA, shopB] = world.shops;
    const [depotA, depotB] = world.depots;
    const director = as(t.app, await signIn(t.app, world.director));
    const cashierUser = await createUser(t.db, { roles: [ROLE.cashier], shopIds: [shopA!.id], accountId: world.director.id });
    const cashier = as(t.app, await signIn(t.app, cashierUser));
    const driver = await createTestDriver(t.db, shopA!.id);
    const pay = async (call: typeof director, facture: number, livrer = false) => {
      const response = await call({
        method: 'POST',
        url: '/api/paiements/livre',
        payload: { facture, montantPaye: 1000, livrer, chauffeure: livrer ? driver.id : 0 },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().idPayement as number;
    };
    const a1 = await pay(director, (await createTestInvoice(t.db, depotA!)).id);
    // Delivered with its payment: a Comptant sale leaves once settled (issue 22 item 10), so this one costs what is paid.
    const a2 = await pay(cashier, (await createTestInvoice(t.db, depotA!, { totalFcfa: 1000 })).id, true);
    const voided = await pay(director, (await createTestInvoice(t.db, depotA!)).id);
    expect((await director({ method: 'DELETE', url: `/api/payements/${voided}` })).statusCode).toBe(200);
    const b1 = await pay(director, (await createTestInvoice(t.db, depotB!)).id);

    const get = async (call: typeof director, url: string) => {
      const response = await call({ method: 'GET', url });
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      return ids(response.json());
    };
    expect(await get(director, `/api/paiements_boutique/${shopA!.id}`)).toEqual([a2, a1]);
    expect(await get(director, `/api/paiements_boutique/${shopB!.id}`)).toEqual([b1]);
    expect(await get(director, '/api/paiements_not_deleted')).toEqual([b1, a2, a1]);
    expect(await get(director, '/api/paiements_caisse_connect')).toEqual([b1, a1]);
    expect(await get(cashier, `/api/paiements_boutique/${shopA!.id}`)).toEqual([a2]);
    expect(await get(cashier, '/api/paiements_not_deleted')).toEqual([a2]);
    expect(await get(cashier, '/api/paiements_caisse_connect')).toEqual([a2]);

    // Deliveries: the cashier delivered with their payment; the director sees it in the shop's list.
    const [delivered] = (await director({ method: 'GET', url: `/api/livraisons_boutique/${shopA!.id}` })).json();
    expect(delivered).toMatchObject({ livre: true, user: { username: cashierUser.username } });
    expect(await get(cashier, '/api/livraisons_caisse/')).toEqual([delivered.idLivraison]);
    expect(await get(director, '/api/livraisons_caisse/')).toEqual([]);
    expect((await director({ method: 'DELETE', url: `/api/livraisons/annulation/${delivered.idLivraison}` })).statusCode).toBe(
      200,
    );
    expect(await get(cashier, '/api/livraisons_caisse/')).toEqual([]);
    expect((await director({ method: 'GET', url: `/api/livraisons_boutique/${shopA!.id}` })).json()).toMatchObject([
      { annule: true },
    ]);
    expect((await cashier({ method: 'GET', url: `/api/livraisons_boutique/${shopA!.id}` })).statusCode).toBe(403);

    // Another tenant: 403 for a named shop, nothing of this shop in the calls that name none.
    const other = await createDirector(t.db);
    const outsider = as(t.app, await signIn(t.app, other.director));
    expect((await outsider({ method: 'GET', url: `/api/paiements_boutique/${shopA!.id}` })).statusCode).toBe(403);
    expect((await outsider({ method: 'GET', url: `/api/livraisons_boutique/${shopA!.id}` })).statusCode).toBe(403);
    expect(await get(outsider, '/api/paiements_not_deleted')).toEqual([]);
    expect(await get(outsider, '/api/paiements_caisse_connect')).toEqual([]);
    expect(await get(outsider, '/api/livraisons_caisse/')).toEqual([]);
    // A cashier of shop A only: shop B is not theirs.
    expect((await cashier({ method: 'GET', url: `/api/paiements_boutique/${shopB!.id}` })).statusCode).toBe(403);
  });
});
