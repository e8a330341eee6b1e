import { ROLE } from '@app/common/roles';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, shops, subscriptions, users } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn, TEST_PASSWORD } from '../../test/factories.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await signIn(t.app, await createUser(t.db, { roles: [ROLE.admin] })));
});
afterAll(() => t.close());

let sequence = 0;
function directorForm(overrides: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${(sequence++).toString(36)}`;
  return {
    username: `Boss.${n}`,
    nom: 'Traore',
    prenom: 'Ali',
    email: `ali.${n}@example.test`,
    nomBoutque: `Quincaillerie ${n}`,
    adresse: 'Treichville',
    tel: '21223344',
    password: 'Baobab2026',
    ligne: { abonnement: 3, annees: 2 },
    ...overrides,
  };
}

describe('POST /api/users_directeur', () => {
  it('creates an active director with a first shop and an active line of the chosen plan and period', async () => {
    const form = directorForm({ telephone: '+225 01 02 03 04 05' });
    const before = Date.now();
    const response = await admin({ method: 'POST', url: '/api/users_directeur', payload: form });
    expect(response.statusCode).toBe(201);
    const row = response.json();
    expect(row).toMatchObject({
      username: form.username.toLowerCase(),
      nom: 'Traore',
      prenom: 'Ali',
      email: form.email,
      telephone: '+2250102030405',
      active: 1,
      nomBoutque: form.nomBoutque,
      adresse: 'Treichville',
      tel: '21223344',
      ligne: { abonnement: 3, days: 730, prixFcfa: 120_000, boutiques: 2, depots: 4, users: 10, status: 'active' },
    });
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, row.idBoutique));
    expect(shop!.accountId).toBe(row.idUser);
    const [line, ...more] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, row.idUser));
    expect(more).toEqual([]);
    // Argent for 2 years from now: the same calendar day two years on (2028's 29 February counted).
    const endsAt = new Date(line!.endsAt!);
    const twoYearsOn = new Date(line!.startsAt!);
    twoYearsOn.setUTCFullYear(twoYearsOn.getUTCFullYear() + 2);
    expect(endsAt.getTime()).toBe(twoYearsOn.getTime());
    expect(Math.abs(new Date(line!.startsAt!).getTime() - before)).toBeLessThan(60_000);

    // The director signs in at once, sees the shop, and may open a second one; Argent stops at 2.
    const director = as(t.app, await signIn(t.app, { username: form.username, password: 'Baobab2026' }));
    const me = (await director({ method: 'GET', url: '/api/auth/me' })).json();
    expect(me.boutiques).toEqual([
      {
        idBoutique: row.idBoutique,
        nom: form.nomBoutque,
        telephone: '21223344',
        adresse: 'Treichville',
        timeZone: 'Africa/Abidjan',
      },
    ]);
    const second = await director({
      method: 'POST',
      url: '/api/boutiques',
      payload: { nom: 'Annexe', telephone: '1234', adresse: 'Yopougon' },
    });
    expect(second.statusCode).toBe(201);
    const third = await director({
      method: 'POST',
      url: '/api/boutiques',
      payload: { nom: 'Annexe 2', telephone: '1234', adresse: 'Yopougon' },
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('PLAN_LIMIT');
  });

  it('creates a Personaliser director only with its counts and agreed price', async () => {
    const missing = await admin({
      method: 'POST',
      url: '/api/users_directeur',
      headers: { 'accept-language': 'fr' },
      payload: directorForm({ ligne: { abonnement: 4, annees: 1 } }),
    });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.ligne.boutiques', 'body.ligne.depots', 'body.ligne.prixFcfa', 'body.ligne.users']);
    const form = directorForm({ ligne: { abonnement: 4, annees: 1, boutiques: 5, depots: 9, users: 40, prixFcfa: 300_000 } });
    const created = await admin({ method: 'POST', url: '/api/users_directeur', payload: form });
    expect(created.json()).toMatchObject({ active: 1 });
    expect(created.json().ligne).toMatchObject({
      abonnement: 4,
      days: 365,
      prixFcfa: 300_000,
      boutiques: 5,
      depots: 9,
      users: 40,
      status: 'active',
    });
    // A plan without a period, or an unknown plan, is refused.
    const noPeriod = await admin({
      method: 'POST',
      url: '/api/users_directeur',
      payload: directorForm({ ligne: { abonnement: 2 } }),
    });
    expect(noPeriod.statusCode).toBe(400);
    const unknown = await admin({
      method: 'POST',
      url: '/api/users_directeur',
      payload: directorForm({ ligne: { abonnement: 9, annees: 7 } }),
    });
    expect(
      unknown
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.ligne.abonnement', 'body.ligne.annees']);
  });

  it('validates every field', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/users_directeur',
      headers: { 'accept-language': 'en' },
      payload: { username: 'a', nom: '', prenom: '', email: 'x', nomBoutque: '', adresse: '', tel: 'abc', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'body.username',
        'body.nom',
        'body.prenom',
        'body.email',
        'body.nomBoutque',
        'body.adresse',
        'body.tel',
        'body.password',
        'body.ligne',
      ]),
    );
    const plan = response.json().details.find((d: { field: string }) => d.field === 'body.ligne');
    expect(plan.message).toBe('This field is required.');
  });

  it('refuses a taken username or e-mail with 409', async () => {
    const existing = await createUser(t.db, { roles: [ROLE.seller] });
    const taken = await admin({
      method: 'POST',
      url: '/api/users_directeur',
      payload: directorForm({ username: existing.username }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USERNAME_TAKEN');
    const email = await admin({
      method: 'POST',
      url: '/api/users_directeur',
      payload: directorForm({ email: `${existing.username}@example.test` }),
    });
    expect(email.json().code).toBe('EMAIL_TAKEN');
  });

  it('is for platform admins only', async () => {
    const { director } = await createDirector(t.db);
    const call = as(t.app, await signIn(t.app, director));
    const response = await call({ method: 'POST', url: '/api/users_directeur', payload: directorForm() });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
    expect((await call({ method: 'GET', url: '/api/user/actif/page/1' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/actif/page/1' })).statusCode).toBe(401);
  });
});

describe('GET /api/user/actif/page/{p}[/{search}]', () => {
  it('pages the director accounts, newest first, with their first shop; searches by name and shop', async () => {
    const marker = `zx${Date.now().toString(36)}`;
    const created = [];
    for (let i = 0; i < 3; i++) {
      const response = await admin({
        method: 'POST',
        url: '/api/users_directeur',
        payload: directorForm({ nom: `${marker}${i}`, nomBoutque: `Shop ${i}` }),
      });
      created.push(response.json());
    }
    // Shop users and admins are not directors' accounts.
    await createUser(t.db, { roles: [ROLE.seller], username: `${marker}seller` });
    await createUser(t.db, { roles: [ROLE.admin], username: `${marker}admin` });

    const found = (await admin({ method: 'GET', url: `/api/user/actif/page/1/${marker}` })).json();
    expect(found).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
    expect(found.data.map((r: { idUser: number }) => r.idUser)).toEqual(created.map((r) => r.idUser).reverse());
    expect(found.data[0]).toMatchObject({ nomBoutque: 'Shop 2', adresse: 'Treichville', tel: '21223344', active: 1 });

    const byShop = (
      await admin({ method: 'GET', url: `/api/user/actif/page/1/${encodeURIComponent(created[1].nomBoutque)}` })
    ).json();
    expect(byShop.data.map((r: { idUser: number }) => r.idUser)).toEqual([created[1].idUser]);

    const all = (await admin({ method: 'GET', url: '/api/user/actif/page/1' })).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.data.length).toBeLessThanOrEqual(10);
    expect(all.data.some((r: { username: string }) => r.username.startsWith(marker))).toBe(false);

    // Inactive (registered, not yet activated) directors are listed with active 0.
    const inactive = await createUser(t.db, { roles: [ROLE.director], active: false, username: `${marker}wait` });
    const waiting = (await admin({ method: 'GET', url: `/api/user/actif/page/1/${marker}wait` })).json();
    expect(waiting.data).toMatchObject([{ idUser: inactive.id, active: 0 }]);
  });
});

describe('PUT /api/users_directeur/{idUser}', () => {
  it('edits the director and the first shop; the password is optional', async () => {
    const row = (await admin({ method: 'POST', url: '/api/users_directeur', payload: directorForm() })).json();
    const session = await signIn(t.app, { username: row.username, password: 'Baobab2026' });
    const edit = directorForm({ nom: 'Diallo', nomBoutque: 'Renamed shop', adresse: 'Marcory', tel: '99887766', password: '' });
    const response = await admin({ method: 'PUT', url: `/api/users_directeur/${row.idUser}`, payload: edit });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      idUser: row.idUser,
      username: edit.username.toLowerCase(),
      nom: 'Diallo',
      idBoutique: row.idBoutique,
      nomBoutque: 'Renamed shop',
      adresse: 'Marcory',
      tel: '99887766',
    });
    // Unchanged password: the session goes on, the old password still works.
    expect((await as(t.app, session)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect(await signIn(t.app, { username: edit.username, password: 'Baobab2026' })).toBeTruthy();

    const withPassword = await admin({
      method: 'PUT',
      url: `/api/users_directeur/${row.idUser}`,
      payload: { ...edit, password: 'Changed99' },
    });
    expect(withPassword.statusCode).toBe(200);
    expect((await as(t.app, session)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect(await signIn(t.app, { username: edit.username, password: 'Changed99' })).toBeTruthy();
  });

  it('attaches a plan to a director without one, and changes the plan of one that has it', async () => {
    // An account made before the dialogs attached plans: a director without a line.
    const director = await createUser(t.db, { roles: [ROLE.director] });
    const person = (await admin({ method: 'GET', url: `/api/user/actif/page/1/${director.username}` })).json().data[0];
    expect(person.ligne).toBeNull();
    const edit = directorForm({ username: director.username, email: person.email, ligne: { abonnement: 2, annees: 1 } });
    const attached = await admin({ method: 'PUT', url: `/api/users_directeur/${director.id}`, payload: edit });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().ligne).toMatchObject({ abonnement: 2, days: 365, prixFcfa: 15_000, boutiques: 1, status: 'active' });
    const [line] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, director.id));

    // The same line changes: Argent for 3 years from the same start.
    const changed = await admin({
      method: 'PUT',
      url: `/api/users_directeur/${director.id}`,
      payload: { ...edit, ligne: { abonnement: 3, annees: 3 } },
    });
    expect(changed.json().ligne).toMatchObject({ idLigne: line!.id, abonnement: 3, days: 1095, prixFcfa: 180_000, boutiques: 2 });
    const [after, ...none] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, director.id));
    expect(none).toEqual([]);
    const threeYearsOn = new Date(after!.startsAt!);
    threeYearsOn.setUTCFullYear(threeYearsOn.getUTCFullYear() + 3);
    expect(new Date(after!.endsAt!).getTime()).toBe(threeYearsOn.getTime());

    // Without a plan in the body, the line is left alone; a plan without a period is refused.
    const { ligne: _ligne, ...noPlan } = edit;
    expect(
      (await admin({ method: 'PUT', url: `/api/users_directeur/${director.id}`, payload: noPlan })).json().ligne,
    ).toMatchObject({ abonnement: 3 });
    const halfPlan = await admin({
      method: 'PUT',
      url: `/api/users_directeur/${director.id}`,
      payload: { ...noPlan, ligne: { abonnement: 2 } },
    });
    expect(halfPlan.statusCode).toBe(400);
  });

  it('validates, refuses a taken e-mail, and answers 404 for an admin or a shop user', async () => {
    const row = (await admin({ method: 'POST', url: '/api/users_directeur', payload: directorForm() })).json();
    const bad = await admin({
      method: 'PUT',
      url: `/api/users_directeur/${row.idUser}`,
      payload: directorForm({ email: 'nope', password: 'weak' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.email', 'body.password']);

    const other = await createUser(t.db, { roles: [ROLE.seller] });
    const taken = await admin({
      method: 'PUT',
      url: `/api/users_directeur/${row.idUser}`,
      payload: directorForm({ email: `${other.username}@example.test` }),
    });
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    // Keeping one's own username and e-mail is fine.
    const same = await admin({
      method: 'PUT',
      url: `/api/users_directeur/${row.idUser}`,
      payload: directorForm({ username: row.username, email: row.email }),
    });
    expect(same.statusCode).toBe(200);

    const anotherAdmin = await createUser(t.db, { roles: [ROLE.admin] });
    for (const id of [anotherAdmin.id, other.id, 2_147_483_000]) {
      const response = await admin({ method: 'PUT', url: `/api/users_directeur/${id}`, payload: directorForm() });
      expect(response.statusCode).toBe(404);
    }
    const [untouched] = await t.db.select().from(users).where(eq(users.id, anotherAdmin.id));
    expect(untouched!.username).toBe(anotherAdmin.username);
  });
});

describe('DELETE /api/users_directeur/{idUser}', () => {
  it('soft-deletes the director and ends their sessions; admins cannot be deleted here', async () => {
    const { director } = await createDirector(t.db);
    const session = await signIn(t.app, director);
    const response = await admin({ method: 'DELETE', url: `/api/users_directeur/${director.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, director.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, director.id), isNull(sessions.revokedAt))),
    ).toEqual([]);
    expect((await as(t.app, session)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: director.username, password: TEST_PASSWORD },
    });
    expect(signin.statusCode).toBe(401);
    // Gone from the list, and a second delete is "not found".
    expect((await admin({ method: 'GET', url: `/api/user/actif/page/1/${director.username}` })).json().data).toEqual([]);
    expect((await admin({ method: 'DELETE', url: `/api/users_directeur/${director.id}` })).statusCode).toBe(404);

    const otherAdmin = await createUser(t.db, { roles: [ROLE.admin] });
    expect((await admin({ method: 'DELETE', url: `/api/users_directeur/${otherAdmin.id}` })).statusCode).toBe(404);
    expect(await signIn(t.app, otherAdmin)).toBeTruthy();
  });

  it('is refused to a director', async () => {
    const { director } = await createDirector(t.db);
    const victim = await createDirector(t.db);
    const response = await as(
      t.app,
      await signIn(t.app, director),
    )({ method: 'DELETE', url: `/api/users_directeur/${victim.director.id}` });
    expect(response.statusCode).toBe(403);
  });
});

describe('platform admins', () => {
  it('lists, creates and edits platform admins', async () => {
    const n = Date.now().toString(36);
    const created = await admin({
      method: 'POST',
      url: '/api/users_admin',
      payload: { username: `Adm.${n}`, nom: 'Admin', prenom: 'Two', email: `adm.${n}@example.test`, password: 'Baobab2026' },
    });
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ username: `adm.${n}`, active: 1, telephone: null });
    const second = as(t.app, await signIn(t.app, { username: row.username, password: 'Baobab2026' }));
    expect((await second({ method: 'GET', url: '/api/ligne/abonnement/1' })).statusCode).toBe(200);

    const list = (await admin({ method: 'GET', url: '/api/users_admin/' })).json();
    expect(list.map((a: { idUser: number }) => a.idUser)).toContain(row.idUser);

    const edited = await admin({
      method: 'PUT',
      url: `/api/users_admin/${row.idUser}`,
      payload: { username: row.username, nom: 'Renamed', prenom: 'Two', email: row.email, telephone: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().nom).toBe('Renamed');

    // A director is not an admin: not found through this call.
    const { director } = await createDirector(t.db);
    const notAdmin = await admin({
      method: 'PUT',
      url: `/api/users_admin/${director.id}`,
      payload: { username: 'whatever', nom: 'X', prenom: 'Y', email: 'w@example.test' },
    });
    expect(notAdmin.statusCode).toBe(404);
  });

  it('lists only admins and refuses other roles', async () => {
    const { director } = await createDirector(t.db);
    const list = (await admin({ method: 'GET', url: '/api/users_admin/' })).json();
    expect(list.map((a: { idUser: number }) => a.idUser)).not.toContain(director.id);
    const call = as(t.app, await signIn(t.app, director));
    expect((await call({ method: 'GET', url: '/api/users_admin/' })).statusCode).toBe(403);
    const bad = await admin({
      method: 'POST',
      url: '/api/users_admin',
      payload: { username: '', nom: '', prenom: '', email: '', password: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect([...new Set(bad.json().details.map((d: { field: string }) => d.field))].sort()).toEqual([
      'body.email',
      'body.nom',
      'body.password',
      'body.prenom',
      'body.username',
    ]);
  });
});
