import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createTestClient, createTestInvoice } from '../../test/cash-factories.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('best clients', () => {
  it("ranks the shop's clients by amount invoiced this year, proformas and past years left out", async () => {
    const { director, shops, depots } = await createDirector(t.db, { planId: 3 });
    const shop = shops[0]!;
    const depot = depots[0]!;
    const awa = await createTestClient(t.db, shop.id, 'Koné');
    const ali = await createTestClient(t.db, shop.id, 'Diallo');
    await createTestInvoice(t.db, depot, { clientId: awa.id, totalFcfa: 5_000 });
    await createTestInvoice(t.db, depot, { clientId: ali.id, totalFcfa: 4_000 });
    await createTestInvoice(t.db, depot, { clientId: ali.id, totalFcfa: 3_000 });
    await createTestInvoice(t.db, depot, { clientId: awa.id, totalFcfa: 90_000, typeId: 3 });
    await createTestInvoice(t.db, depot, {
      clientId: awa.id,
      totalFcfa: 90_000,
      createdAt: new Date(Date.UTC(new Date().getUTCFullYear() - 1, 5, 1)),
    });
    await createTestInvoice(t.db, depot, { totalFcfa: 1_000 });

    const call = as(t.app, await signIn(t.app, director));
    const response = await call({ method: 'GET', url: `/api/commandes_client_year/${shop.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        idClient: ali.id,
        nom: 'Diallo',
        prenom: 'Awa',
        telephone: ali.telephone,
        adresse: ali.adresse,
        montant: 7_000,
        nombreFactures: 2,
      },
      {
        idClient: awa.id,
        nom: 'Koné',
        prenom: 'Awa',
        telephone: awa.telephone,
        adresse: awa.adresse,
        montant: 5_000,
        nombreFactures: 1,
      },
    ]);

    const other = await createDirector(t.db);
    expect((await call({ method: 'GET', url: `/api/commandes_client_year/${other.shops[0]!.id}` })).statusCode).toBe(403);
    const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id], accountId: director.id });
    expect(
      (await as(t.app, await signIn(t.app, seller))({ method: 'GET', url: `/api/commandes_client_year/${shop.id}` })).statusCode,
    ).toBe(403);
  });
});
