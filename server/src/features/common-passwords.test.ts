import fs from 'node:fs/promises';
import path from 'node:path';
import { isCommonPassword } from '@app/common/common-passwords';
import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../test/app.js';
import { createDirector, createUser, signIn, TEST_PASSWORD } from '../test/factories.js';
import { multipartPayload, registrationForm } from '../test/uploads.js';

/**
 * Every place a password is chosen refuses one of the most common breached passwords
 * (422 PASSWORD_BREACHED, shown at the field) and accepts a strong one. Each listed password
 * below meets seed 000 §5 (upper case, lower case, digit, 6+ characters): only the list refuses it.
 */
const LISTED = ['Password1', 'Azerty123', 'Passw0rd', 'Qwerty123', 'Iloveyou1'];
const STRONG = 'Kapok-Tissu-47';
const MESSAGE = {
  fr: 'Ce mot de passe fait partie des plus courants et des plus piratés\u00a0: choisissez-en un autre.',
  en: 'This password is one of the most common leaked passwords: choose another one.',
};

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await signIn(t.app, await createUser(t.db, { roles: [ROLE.admin] })));
});
afterAll(() => t.close());

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** The refusal: status, code, message in the caller's language, and the field it belongs to. */
function expectBreached(response: { statusCode: number; json: () => unknown }, field: string, lang: 'fr' | 'en' = 'fr') {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({
    code: 'PASSWORD_BREACHED',
    message: MESSAGE[lang],
    details: [{ field: `body.${field}` }],
  });
}

const passwordHashOf = async (userId: number) =>
  (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.hash;

describe('the common breached passwords list', () => {
  it('holds the most common passwords, whatever their case, and not a strong one', async () => {
    for (const listed of [...LISTED, 'password', '123456', 'PASSWORD1']) expect(await isCommonPassword(listed)).toBe(true);
    for (const fine of [STRONG, 'Baobab2026', 'Demo1234', 'Admin1234']) expect(await isCommonPassword(fine)).toBe(false);
  });
});

describe('refusing a common breached password wherever one is chosen', () => {
  it('registration (POST /api/auth/users/abonnement), in the caller language', async () => {
    const n = unique();
    const fields = (password: string) => registrationForm({ username: `Reg.${n}`, password, confirmation: password });
    const send = async (password: string, lang: 'fr' | 'en') => {
      const { payload, headers } = await multipartPayload(fields(password));
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/users/abonnement',
        payload,
        headers: { ...headers, 'accept-language': lang },
      });
    };
    expectBreached(await send('Password1', 'en'), 'password', 'en');
    expectBreached(await send('Azerty123', 'fr'), 'password', 'fr');
    const [none] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, `reg.${n}`));
    expect(none).toBeUndefined();
    expect((await send(STRONG, 'fr')).statusCode).toBe(201);
  });

  it("a director's new user (POST /api/users_gerant) and a password set for one (PUT /api/update/pass)", async () => {
    const { director, shops } = await createDirector(t.db);
    const call = as(t.app, await signIn(t.app, director));
    const body = (password: string) => ({
      username: `new${unique()}`,
      nom: 'Kone',
      prenom: 'Ali',
      email: `new${unique()}@example.test`,
      password,
      role: [ROLE.seller],
      boutiques: [shops[0]!.id],
      token: '',
      langue: 'FR',
    });
    for (const password of LISTED)
      expectBreached(await call({ method: 'POST', url: '/api/users_gerant', payload: body(password) }), 'password');
    const created = await call({ method: 'POST', url: '/api/users_gerant', payload: body(STRONG) });
    expect(created.statusCode).toBe(201);
    const userId = created.json().idUser as number;

    const before = await passwordHashOf(userId);
    const set = (nouveau: string) =>
      call({ method: 'PUT', url: `/api/update/pass/${userId}`, payload: { idUser: userId, nouveau, confirmation: nouveau } });
    expectBreached(await set('Qwerty123'), 'nouveau');
    expect(await passwordHashOf(userId)).toBe(before);
    expect((await set('Mangue-Verte-8')).statusCode).toBe(200);
    expect(await signIn(t.app, { username: created.json().username, password: 'Mangue-Verte-8' })).toBeTruthy();
  });

  it("the admin's directors and admins, created or edited (/api/users_directeur, /api/users_admin)", async () => {
    const director = (password: string) => {
      const n = unique();
      return {
        username: `Boss.${n}`,
        nom: 'Traore',
        prenom: 'Ali',
        email: `boss.${n}@example.test`,
        nomBoutque: `Quincaillerie ${n}`,
        adresse: 'Treichville',
        tel: '21223344',
        password,
        ligne: { abonnement: 3, annees: 1 },
      };
    };
    expectBreached(await admin({ method: 'POST', url: '/api/users_directeur', payload: director('Passw0rd') }), 'password');
    const created = await admin({ method: 'POST', url: '/api/users_directeur', payload: director(STRONG) });
    expect(created.statusCode).toBe(201);
    const row = created.json();
    const edit = { ...director(''), username: row.username, email: row.email };
    expectBreached(
      await admin({ method: 'PUT', url: `/api/users_directeur/${row.idUser}`, payload: { ...edit, password: 'Iloveyou1' } }),
      'password',
    );
    expect(await signIn(t.app, { username: row.username, password: STRONG })).toBeTruthy();

    const n = unique();
    const adminBody = (password: string) => ({
      username: `Adm.${n}`,
      nom: 'Admin',
      prenom: 'Two',
      email: `adm.${n}@example.test`,
      password,
    });
    expectBreached(await admin({ method: 'POST', url: '/api/users_admin', payload: adminBody('Password1') }), 'password');
    const second = await admin({ method: 'POST', url: '/api/users_admin', payload: adminBody(STRONG) });
    expect(second.statusCode).toBe(201);
    expectBreached(
      await admin({
        method: 'PUT',
        url: `/api/users_admin/${second.json().idUser}`,
        payload: { ...adminBody('Azerty123'), username: `Adm.${n}` },
      }),
      'password',
    );
  });

  it('the profile (PUT /e2v/api/profil/{idU})', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const call = as(t.app, await signIn(t.app, user));
    const change = (password: string, lang: 'fr' | 'en') =>
      call({
        method: 'PUT',
        url: `/e2v/api/profil/${user.id}`,
        headers: { 'accept-language': lang },
        payload: { username: user.username, changePassword: true, currentPassword: TEST_PASSWORD, password, confirmation: password },
      });
    expectBreached(await change('Iloveyou1', 'en'), 'password', 'en');
    expectBreached(await change('Iloveyou1', 'fr'), 'password', 'fr');
    expect(await signIn(t.app, user)).toBeTruthy();
    expect((await change(STRONG, 'fr')).statusCode).toBe(200);
    expect(await signIn(t.app, { username: user.username, password: STRONG })).toBeTruthy();
  });

  it('the reset (POST /api/auth/reset_password): refused, the link still works for a strong one', async () => {
    const user = await createUser(t.db, { roles: [ROLE.cashier] });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forget_password',
      payload: { email: `${user.username}@example.test` },
    });
    expect(forgot.statusCode).toBe(200);
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = await Promise.all((await fs.readdir(outbox)).map((f) => fs.readFile(path.join(outbox, f), 'utf8')));
    const raw = mails
      .find((m) => m.includes(`To: ${user.username}@example.test`))!
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=');
    const token = new URL(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(raw)![0]).searchParams.get('token');
    const reset = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset_password', payload: { token, password, confirmation: password } });
    expectBreached(await reset('Qwerty123'), 'password');
    expect((await reset(STRONG)).statusCode).toBe(200);
    expect(await signIn(t.app, { username: user.username, password: STRONG })).toBeTruthy();
  });
});
