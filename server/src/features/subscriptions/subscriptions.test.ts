import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDepot, createDirector, createUser, signIn } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ activationPhones: ['+225 27 22 40 50 60', '+225 07 77 12 34 56'] });
});
afterAll(() => t.close());

describe('plan usage (GET /api/abonnement/usage)', () => {
  it("gives the director the plan, its end and what the account uses of each limit", async () => {
    const { director, shops } = await createDirector(t.db, { planId: 3 });
    await createDepot(t.db, shops[0]!.id);
    const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id] });
    // A user removed from every shop still takes a seat.
    await createUser(t.db, { roles: [ROLE.cashier], accountId: director.id });
    const response = await as(t.app, await signIn(t.app, director))({ method: 'GET', url: '/api/abonnement/usage' });
    expect(response.statusCode).toBe(200);
    const usage = response.json();
    expect(usage).toMatchObject({
      plan: { code: 3, libelle: 'Argent' },
      expired: false,
      limits: { boutiques: 2, depots: 4, users: 10 },
      used: { boutiques: 1, depots: 2, users: 3 },
    });
    expect(new Date(usage.endsAt).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);

    // Staff do not read the account's plan.
    const sellerCall = as(t.app, await signIn(t.app, seller));
    expect((await sellerCall({ method: 'GET', url: '/api/abonnement/usage' })).statusCode).toBe(403);
  });

  it('says when the subscription has expired', async () => {
    const { director } = await createDirector(t.db, { planId: 2, endsAt: new Date(Date.now() - 86_400_000) });
    const usage = (await as(t.app, await signIn(t.app, director))({ method: 'GET', url: '/api/abonnement/usage' })).json();
    expect(usage).toMatchObject({ plan: { code: 2, libelle: 'Bronze' }, expired: true, limits: { boutiques: 1, depots: 1, users: 4 } });
  });

  it('answers no plan and no limits for an account without a subscription line', async () => {
    const director = await createUser(t.db, { roles: [ROLE.director] });
    const usage = (await as(t.app, await signIn(t.app, director))({ method: 'GET', url: '/api/abonnement/usage' })).json();
    expect(usage).toEqual({ plan: null, endsAt: null, expired: false, limits: null, used: { boutiques: 1, depots: 0, users: 1 } });
  });
});

describe('activation contact (GET /api/auth/contact)', () => {
  it("answers the configured phone numbers, signed in or not", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ activationPhones: ['+225 27 22 40 50 60', '+225 07 77 12 34 56'] });
  });

  it('reads ACTIVATION_PHONES as a comma-separated list, with a default', () => {
    expect(loadConfig({ ACTIVATION_PHONES: ' +223 20 22 33 44 , +223 76 00 11 22,' }).activationPhones).toEqual([
      '+223 20 22 33 44',
      '+223 76 00 11 22',
    ]);
    expect(loadConfig({}).activationPhones.length).toBeGreaterThan(0);
  });
});
