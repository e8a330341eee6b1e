import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createRegisteredDirector, createUser, signIn, TEST_PASSWORD } from '../../test/factories.js';

const DAY = 86_400_000;
/** A subscription of whole years ends on the same calendar day, leap days counted (2 years may be 731 days). */
const yearsAfter = (start: string | Date, years: number) => {
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end.getTime();
};
let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await signIn(t.app, await createUser(t.db, { roles: [ROLE.admin] })));
});
afterAll(() => t.close());

const signinAttempt = (user: { username: string }) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: user.username, password: TEST_PASSWORD } });

describe('GET /api/ligne/abonnement/{p}[/{search}]', () => {
  it('pages the lines, pending first, with the director, the plan counts, the shop and the proof URL', async () => {
    const { director, shop, line, fileId } = await createRegisteredDirector(t.db, { planId: 2, days: 730 });
    const page = (await admin({ method: 'GET', url: '/api/ligne/abonnement/1' })).json();
    expect(page).toMatchObject({ current_page: 1 });
    expect(page.data[0]).toEqual({
      idLigne: line.id,
      users: {
        idUser: director.id,
        username: director.username,
        nom: 'Nom',
        prenom: 'Prenom',
        email: `${director.username}@example.test`,
        telephone: null,
        active: 0,
      },
      abonnement: { code: 2, libelle: 'Bronze', boutiques: 1, depots: 1, users: 4, factures: null },
      nomBoutque: shop.nom,
      status: 'pending',
      days: 730,
      prixFcfa: null,
      startsAt: null,
      endsAt: null,
      createdAt: expect.any(String),
      preuve: `/api/files/${fileId}`,
    });

    const found = (await admin({ method: 'GET', url: `/api/ligne/abonnement/1/${director.username}` })).json();
    expect(found.data.map((l: { idLigne: number }) => l.idLigne)).toEqual([line.id]);
    const byShop = (await admin({ method: 'GET', url: `/api/ligne/abonnement/1/${encodeURIComponent(shop.nom)}` })).json();
    expect(byShop.data.map((l: { idLigne: number }) => l.idLigne)).toEqual([line.id]);
    expect((await admin({ method: 'GET', url: '/api/ligne/abonnement/1/nothing-like-this' })).json()).toMatchObject({
      data: [],
      total: 0,
      last_page: 1,
    });
  });

  it('shows an active line past its end as expired', async () => {
    const { director } = await createDirector(t.db, { endsAt: new Date(Date.now() - DAY) });
    const page = (await admin({ method: 'GET', url: `/api/ligne/abonnement/1/${director.username}` })).json();
    expect(page.data).toMatchObject([{ status: 'expired', users: { idUser: director.id, active: 1 } }]);
  });

  it('is for platform admins only', async () => {
    const { director } = await createDirector(t.db);
    const call = as(t.app, await signIn(t.app, director));
    expect((await call({ method: 'GET', url: '/api/ligne/abonnement/1' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/ligne/abonnement/1' })).statusCode).toBe(401);
    expect((await admin({ method: 'GET', url: '/api/ligne/abonnement/0' })).statusCode).toBe(400);
  });
});

describe('GET /api/users/active/{idUser}/{abonnement}', () => {
  it('activates the director and starts the line now for its days; the director can then sign in', async () => {
    const { director, line } = await createRegisteredDirector(t.db, { planId: 3, days: 730 });
    const before = await signinAttempt(director);
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('ACCOUNT_INACTIVE');

    const response = await admin({ method: 'GET', url: `/api/users/active/${director.id}/${line.id}` });
    expect(response.statusCode).toBe(200);
    const activated = response.json();
    expect(activated).toMatchObject({ idLigne: line.id, status: 'active', days: 730, users: { idUser: director.id, active: 1 } });
    const starts = new Date(activated.startsAt).getTime();
    expect(Math.abs(starts - Date.now())).toBeLessThan(60_000);
    expect(new Date(activated.endsAt).getTime()).toBe(yearsAfter(activated.startsAt, 2));

    const after = await signinAttempt(director);
    expect(after.statusCode).toBe(200);
    expect(after.json().user.subscription).toMatchObject({ expired: false, endsAt: activated.endsAt });

    // A second click changes nothing.
    const again = (await admin({ method: 'GET', url: `/api/users/active/${director.id}/${line.id}` })).json();
    expect(again.startsAt).toBe(activated.startsAt);
  });

  it("answers 404 when the line is not that user's, or does not exist", async () => {
    const one = await createRegisteredDirector(t.db);
    const two = await createRegisteredDirector(t.db);
    expect((await admin({ method: 'GET', url: `/api/users/active/${one.director.id}/${two.line.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `/api/users/active/${one.director.id}/2147483000` })).statusCode).toBe(404);
    const [untouched] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, two.line.id));
    expect(untouched!.status).toBe('pending');
  });

  it('is refused to a director', async () => {
    const waiting = await createRegisteredDirector(t.db);
    const { director } = await createDirector(t.db);
    const response = await as(
      t.app,
      await signIn(t.app, director),
    )({ method: 'GET', url: `/api/users/active/${waiting.director.id}/${waiting.line.id}` });
    expect(response.statusCode).toBe(403);
    const [user] = await t.db.select().from(users).where(eq(users.id, waiting.director.id));
    expect(user!.active).toBe(false);
  });
});

describe('PUT /api/ligne/abonnement/{idLigne}', () => {
  it('sets plan, counts, period and price of a pending line, and can activate it', async () => {
    const { director, line } = await createRegisteredDirector(t.db, { planId: 2 });
    const response = await admin({
      method: 'PUT',
      url: `/api/ligne/abonnement/${line.id}`,
      payload: { abonnement: 3, annees: 2 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'pending',
      days: 730,
      prixFcfa: 120000,
      abonnement: { code: 3, libelle: 'Argent', boutiques: 2, depots: 4, users: 10 },
      startsAt: null,
    });

    const activated = await admin({
      method: 'PUT',
      url: `/api/ligne/abonnement/${line.id}`,
      payload: { abonnement: 3, annees: 4, activer: true },
    });
    expect(activated.json()).toMatchObject({ status: 'active', days: 1460, prixFcfa: 240000, users: { active: 1 } });
    // 4 years from 2026-11-28 end on 2030-11-28: 1 461 days with 2028's 29 February (it ended on the 27th).
    expect(new Date(activated.json().endsAt).getTime()).toBe(yearsAfter(activated.json().startsAt, 4));
    expect((await signinAttempt(director)).statusCode).toBe(200);
  });

  it('recomputes the end of an active line from its start', async () => {
    const { director } = await createDirector(t.db);
    const start = new Date(Date.now() - 100 * DAY);
    const [line] = await t.db
      .update(subscriptions)
      .set({ startsAt: start })
      .where(eq(subscriptions.userId, director.id))
      .returning();
    const response = await admin({
      method: 'PUT',
      url: `/api/ligne/abonnement/${line!.id}`,
      payload: { abonnement: 2, annees: 3, prixFcfa: 40000 },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'active',
      days: 1095,
      prixFcfa: 40000,
      abonnement: { code: 2, boutiques: 1, depots: 1, users: 4 },
    });
    expect(new Date(body.startsAt).getTime()).toBe(start.getTime());
    expect(new Date(body.endsAt).getTime()).toBe(yearsAfter(start, 3));
  });

  it('refuses a plan that allows fewer shops, depots or users than the account has, and changes nothing', async () => {
    // Argent: 2 shops, 4 depots, 10 users; the account uses 2 shops.
    const { director } = await createDirector(t.db, { planId: 3, shopCount: 2 });
    const [line] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, director.id));
    const before = line!;
    const bronze = await admin({ method: 'PUT', url: `/api/ligne/abonnement/${before.id}`, payload: { abonnement: 2, annees: 1 }, headers: { 'accept-language': 'fr' } });
    expect(bronze.statusCode, bronze.body).toBe(409);
    expect(bronze.json()).toMatchObject({ code: 'PLAN_BELOW_USAGE', message: "Ce compte a déjà 2 boutiques\u00a0: l'offre choisie n'en permet que 1. Le directeur doit d'abord en retirer, ou choisissez une offre plus grande." });
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, before.id));
    expect(after).toEqual(before);
    // A Personaliser choice with enough of each is taken.
    const custom = await admin({ method: 'PUT', url: `/api/ligne/abonnement/${before.id}`, payload: { abonnement: 4, annees: 1, boutiques: 2, depots: 4, users: 10, prixFcfa: 50000 } });
    expect(custom.statusCode, custom.body).toBe(200);
  });

  it('keeps the requested counts of a Personaliser line and lets the admin price it', async () => {
    const { line } = await createRegisteredDirector(t.db, { planId: 4, counts: { shops: 5, depots: 9, users: 40 } });
    const quoted = await admin({
      method: 'PUT',
      url: `/api/ligne/abonnement/${line.id}`,
      payload: { abonnement: 4, annees: 1, prixFcfa: 250000 },
    });
    expect(quoted.json()).toMatchObject({
      days: 365,
      prixFcfa: 250000,
      abonnement: { code: 4, libelle: 'Personaliser', boutiques: 5, depots: 9, users: 40 },
    });
    // Without a price, a Personaliser line keeps the quoted one.
    const longer = await admin({ method: 'PUT', url: `/api/ligne/abonnement/${line.id}`, payload: { abonnement: 4, annees: 2 } });
    expect(longer.json()).toMatchObject({ days: 730, prixFcfa: 250000 });
  });

  it('refuses to activate a Personaliser line before it is priced (Activer and the dialog alike)', async () => {
    const { director, line } = await createRegisteredDirector(t.db, { planId: 4, counts: { shops: 3, depots: 3, users: 12 } });
    const early = await admin({
      method: 'GET',
      url: `/api/users/active/${director.id}/${line.id}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'PRICE_REQUIRED', message: expect.stringContaining("Fixez d'abord le prix") });
    const viaDialog = await admin({
      method: 'PUT',
      url: `/api/ligne/abonnement/${line.id}`,
      payload: { abonnement: 4, annees: 1, activer: true },
    });
    expect(viaDialog.statusCode).toBe(422);
    expect(viaDialog.json().code).toBe('PRICE_REQUIRED');
    const lines = await t.db.select().from(subscriptions).where(eq(subscriptions.id, line.id));
    expect(lines[0]).toMatchObject({ status: 'pending', priceFcfa: null });

    const priced = await admin({
      method: 'PUT',
      url: `/api/ligne/abonnement/${line.id}`,
      payload: { abonnement: 4, annees: 1, prixFcfa: 180000, activer: true },
    });
    expect(priced.statusCode).toBe(200);
    expect(priced.json()).toMatchObject({ status: 'active', prixFcfa: 180000 });
  });

  it('validates the plan and the 1 to 4 years, answers 404 for an unknown line, and is admin-only', async () => {
    const { line } = await createRegisteredDirector(t.db);
    const bad = await admin({
      method: 'PUT',
      url: `/api/ligne/abonnement/${line.id}`,
      headers: { 'accept-language': 'en' },
      payload: { abonnement: 7, annees: 5, prixFcfa: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.abonnement', 'body.annees', 'body.prixFcfa']);
    expect(bad.json().details[0].message).toBe('Invalid value.');
    expect(
      (await admin({ method: 'PUT', url: '/api/ligne/abonnement/2147483000', payload: { abonnement: 2, annees: 1 } })).statusCode,
    ).toBe(404);
    const { director } = await createDirector(t.db);
    const refused = await as(
      t.app,
      await signIn(t.app, director),
    )({ method: 'PUT', url: `/api/ligne/abonnement/${line.id}`, payload: { abonnement: 2, annees: 1 } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('an expired subscription (DECISIONS §2)', () => {
  it('still signs in and reads, but every write is refused with SUBSCRIPTION_EXPIRED', async () => {
    const { director } = await createDirector(t.db, { endsAt: new Date(Date.now() - DAY) });
    const signin = await signinAttempt(director);
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user.subscription.expired).toBe(true);
    const call = as(t.app, signin.json().accessToken);
    expect((await call({ method: 'GET', url: '/api/boutique_current_user' })).statusCode).toBe(200);
    const write = await call({
      method: 'POST',
      url: '/api/boutiques',
      headers: { 'accept-language': 'en' },
      payload: { nom: 'Nouvelle', telephone: '1234', adresse: 'Bouaké' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'SUBSCRIPTION_EXPIRED', message: expect.stringContaining('expired') });

    // Renewed by the admin (a longer period from the same start): writes work again.
    const page = (await admin({ method: 'GET', url: `/api/ligne/abonnement/1/${director.username}` })).json();
    await admin({ method: 'PUT', url: `/api/ligne/abonnement/${page.data[0].idLigne}`, payload: { abonnement: 3, annees: 2 } });
    const after = await call({
      method: 'POST',
      url: '/api/boutiques',
      payload: { nom: 'Nouvelle', telephone: '1234', adresse: 'Bouaké' },
    });
    expect(after.statusCode).toBe(201);
  });
});
