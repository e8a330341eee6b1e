import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createUser, signIn, TEST_PASSWORD } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT /e2v/api/profil/{idU}', () => {
  it('changes the username, stored lower-case', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const call = as(t.app, await signIn(t.app, user));
    const newName = `New.${user.username}`.slice(0, 20);
    const response = await call({ method: 'PUT', url: `/e2v/api/profil/${user.id}`, payload: { username: newName, changePassword: false } });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(newName.toLowerCase());
    await signIn(t.app, { username: newName, password: TEST_PASSWORD });
  });

  it("refuses another user's profile", async () => {
    const user = await createUser(t.db, { roles: [ROLE.director] });
    const other = await createUser(t.db, { roles: [ROLE.seller] });
    const response = await as(t.app, await signIn(t.app, user))({
      method: 'PUT',
      url: `/e2v/api/profil/${other.id}`,
      payload: { username: 'hijacked', changePassword: false },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a taken username and a weak or unconfirmed password', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const other = await createUser(t.db, { roles: [ROLE.seller] });
    const call = as(t.app, await signIn(t.app, user));
    const taken = await call({ method: 'PUT', url: `/e2v/api/profil/${user.id}`, payload: { username: other.username, changePassword: false } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USERNAME_TAKEN');
    const weak = await call({
      method: 'PUT',
      url: `/e2v/api/profil/${user.id}`,
      headers: { 'accept-language': 'fr' },
      payload: { username: user.username, changePassword: true, currentPassword: TEST_PASSWORD, password: 'abc', confirmation: 'abc' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0]).toMatchObject({ field: 'body.password' });
    const mismatch = await call({
      method: 'PUT',
      url: `/e2v/api/profil/${user.id}`,
      headers: { 'accept-language': 'fr' },
      payload: { username: user.username, changePassword: true, currentPassword: TEST_PASSWORD, password: 'Abcdef1', confirmation: 'Abcdef2' },
    });
    expect(mismatch.json().details).toEqual([{ field: 'body.confirmation', message: 'Les deux mots de passe doivent être identiques.' }]);
  });

  it("a new password ends the user's other sessions, not this one", async () => {
    const user = await createUser(t.db, { roles: [ROLE.cashier] });
    const phone = as(t.app, await signIn(t.app, user));
    const laptop = as(t.app, await signIn(t.app, user));
    const response = await laptop({
      method: 'PUT',
      url: `/e2v/api/profil/${user.id}`,
      payload: { username: user.username, changePassword: true, currentPassword: TEST_PASSWORD, password: 'Nouveau99', confirmation: 'Nouveau99' },
    });
    expect(response.statusCode).toBe(200);
    expect((await phone({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await laptop({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    await signIn(t.app, { username: user.username, password: 'Nouveau99' });
  });

  it('a new password needs the current one: missing, it is required; wrong, it is refused and nothing changes', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const call = as(t.app, await signIn(t.app, user));
    const change = (currentPassword: string | undefined, lang: 'fr' | 'en' = 'fr') =>
      call({
        method: 'PUT',
        url: `/e2v/api/profil/${user.id}`,
        headers: { 'accept-language': lang },
        payload: { username: `${user.username}x`, changePassword: true, currentPassword, password: 'Nouveau99', confirmation: 'Nouveau99' },
      });
    const missing = await change(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'body.currentPassword', message: 'Ce champ est obligatoire.' }]);
    const wrong = await change('Devine123');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      message: "Le mot de passe actuel n'est pas le bon.",
      details: [{ field: 'body.currentPassword' }],
    });
    expect((await change('Devine123', 'en')).json().message).toBe('The current password is not correct.');
    // Neither the password nor the username changed, and the session still works.
    await signIn(t.app, { username: user.username, password: TEST_PASSWORD });
    expect((await call({ method: 'GET', url: '/api/auth/me' })).json().username).toBe(user.username);
    expect((await change(TEST_PASSWORD)).statusCode).toBe(200);
    await signIn(t.app, { username: `${user.username}x`, password: 'Nouveau99' });
  });

  it('without the change box, a password sent along is ignored', async () => {
    const user = await createUser(t.db, { roles: [ROLE.cashier] });
    const call = as(t.app, await signIn(t.app, user));
    await call({ method: 'PUT', url: `/e2v/api/profil/${user.id}`, payload: { username: user.username, changePassword: false, password: 'Ignored99' } });
    await signIn(t.app, { username: user.username, password: TEST_PASSWORD });
  });
});
