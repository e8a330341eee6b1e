import { ROLE } from '@app/common/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depotUsers, shopMembers, users } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { assignDepot, createDepot, createDirector, createShop, createUser, signIn, TEST_PASSWORD } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function director(options: { shopCount?: number; planId?: 2 | 3 | 4 } = {}) {
  const world = await createDirector(t.db, { shopCount: options.shopCount ?? 1, planId: options.planId ?? 3 });
  return { ...world, call: as(t.app, await signIn(t.app, world.director)) };
}

let sequence = 0;
function newUser(boutiques: number[], overrides: Record<string, unknown> = {}) {
  const name = `new${Date.now().toString(36)}${sequence++}`;
  return {
    username: name,
    nom: 'Kone',
    prenom: 'Ali',
    email: `${name}@example.test`,
    telephone: '07080910',
    password: 'Baobab2026',
    role: [ROLE.seller],
    boutiques,
    token: '',
    langue: 'FR',
    ...overrides,
  };
}

describe('creating users (POST /api/users_gerant, /api/users_caisse_a)', () => {
  it('creates a user of the account in the chosen shops, who can then sign in', async () => {
    const { call, director: owner, shops } = await director({ shopCount: 2 });
    for (const url of ['/api/users_gerant', '/api/users_caisse_a']) {
      const body = newUser([shops[0]!.id, shops[1]!.id], {
        role: [ROLE.manager, ROLE.cashier],
        username: `Mixed${sequence++}Case`,
      });
      const response = await call({ method: 'POST', url, payload: body });
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toMatchObject({
        username: body.username.toLowerCase(),
        nom: 'Kone',
        prenom: 'Ali',
        email: body.email,
        telephone: '07080910',
        active: 1,
        role: [
          { idRole: 3, libelle: 'GERANT' },
          { idRole: 5, libelle: 'CAISSIER' },
        ],
      });
      expect(created.boutiques.map((b: { idBoutique: number }) => b.idBoutique).sort()).toEqual(shops.map((s) => s.id).sort());
      const [row] = await t.db.select().from(users).where(eq(users.id, created.idUser));
      expect(row!.accountId).toBe(owner.id);
      await signIn(t.app, { username: body.username, password: 'Baobab2026' });
    }
  });

  it('validates the form, naming the fields', async () => {
    const { call, shops } = await director();
    const response = await call({
      method: 'POST',
      url: '/api/users_gerant',
      headers: { 'accept-language': 'fr' },
      payload: { ...newUser([shops[0]!.id]), username: '_x', email: 'nope', password: 'abc', nom: ' ', role: [1], boutiques: [] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'body.username', message: expect.stringContaining("Nom d'utilisateur non valide\u00a0: de 3 à 20") },
        { field: 'body.email', message: 'Adresse e-mail non valide.' },
        { field: 'body.nom', message: 'Ce champ est obligatoire.' },
        { field: 'body.role.0', message: 'Ce rôle ne peut pas être attribué.' },
        { field: 'body.boutiques', message: 'Choisissez au moins une boutique.' },
      ]),
    );
    expect(body.details.map((d: { field: string }) => d.field)).toContain('body.password');
    const noRoles = await call({ method: 'POST', url: '/api/users_gerant', payload: newUser([shops[0]!.id], { role: [] }) });
    expect(noRoles.json().details).toEqual([{ field: 'body.role', message: 'Choisissez au moins un rôle.' }]);
  });

  it('refuses a username or e-mail already taken', async () => {
    const { call, shops } = await director();
    const existing = await createUser(t.db, { roles: [ROLE.seller] });
    const byName = await call({
      method: 'POST',
      url: '/api/users_gerant',
      payload: newUser([shops[0]!.id], { username: existing.username.toUpperCase() }),
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({ code: 'USERNAME_TAKEN', details: [{ field: 'body.username' }] });
    const byEmail = await call({
      method: 'POST',
      url: '/api/users_gerant',
      payload: newUser([shops[0]!.id], { email: `${existing.username}@EXAMPLE.test` }),
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN', details: [{ field: 'body.email' }] });
  });

  it('refuses a shop the caller does not belong to, and creates nothing', async () => {
    const { call, shops } = await director();
    const other = await director();
    const body = newUser([shops[0]!.id, other.shops[0]!.id]);
    const response = await call({ method: 'POST', url: '/api/users_gerant', payload: body });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('NOT_SHOP_MEMBER');
    expect(await t.db.select().from(users).where(eq(users.username, body.username))).toEqual([]);
  });

  it("refuses a user beyond the plan's limit (Bronze: 4 users)", async () => {
    const { call, shops } = await director({ planId: 2 });
    for (let i = 0; i < 3; i++) {
      expect((await call({ method: 'POST', url: '/api/users_gerant', payload: newUser([shops[0]!.id]) })).statusCode).toBe(201);
    }
    const response = await call({
      method: 'POST',
      url: '/api/users_caisse_a',
      payload: newUser([shops[0]!.id]),
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PLAN_LIMIT', details: { kind: 'users', limit: 4, used: 4 } });
    expect(response.json().message).toBe('Your Bronze subscription allows at most 4 users. Upgrade your plan to add more.');
  });

  it('is for directors only', async () => {
    const { shops } = await director();
    const manager = await createUser(t.db, { roles: [ROLE.manager], shopIds: [shops[0]!.id] });
    const response = await as(
      t.app,
      await signIn(t.app, manager),
    )({ method: 'POST', url: '/api/users_gerant', payload: newUser([shops[0]!.id]) });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });
});

describe('listing users', () => {
  it("pages and searches a shop's users, showing only the caller's shops", async () => {
    const { call, director: owner, shops } = await director({ shopCount: 2 });
    const other = await director();
    const seller = await createUser(t.db, {
      roles: [ROLE.seller],
      shopIds: [shops[0]!.id, other.shops[0]!.id],
      accountId: owner.id,
      username: `awa${Date.now().toString(36)}`,
    });
    await createUser(t.db, { roles: [ROLE.cashier], shopIds: [shops[1]!.id], accountId: owner.id });

    const page = await call({ method: 'GET', url: `/api/boutique/user/page/${shops[0]!.id}/1` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    const row = page.json().data.find((u: { idUser: number }) => u.idUser === seller.id);
    expect(row).toEqual({
      idUser: seller.id,
      username: seller.username,
      nom: 'Nom',
      prenom: 'Prenom',
      email: `${seller.username}@example.test`,
      telephone: null,
      active: 1,
      role: [{ idRole: 4, libelle: 'VENDEUR' }],
      boutiques: [{ idBoutique: shops[0]!.id, nom: shops[0]!.nom }],
    });
    expect(page.body).not.toContain(other.shops[0]!.nom);

    const found = (
      await call({ method: 'GET', url: `/api/boutique/user/page/${shops[0]!.id}/1/${seller.username.slice(0, 6).toUpperCase()}` })
    ).json();
    expect(found.data.map((u: { idUser: number }) => u.idUser)).toEqual([seller.id]);
    expect((await call({ method: 'GET', url: `/api/boutique/user/page/${shops[0]!.id}/1/%25` })).json().data).toEqual([]);
  });

  it("searches a shop's users by depot label, with their depots there", async () => {
    const { call, director: owner, shops, depots } = await director();
    const keeper = await createUser(t.db, { roles: [ROLE.warehouse], shopIds: [shops[0]!.id], accountId: owner.id });
    await assignDepot(t.db, depots[0]!, keeper.id);
    const response = await call({
      method: 'GET',
      url: `/api/depot/user/page/${shops[0]!.id}/1/${encodeURIComponent(depots[0]!.libelle)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({ idUser: keeper.id, depots: [{ idDepot: depots[0]!.id, libelle: depots[0]!.libelle }] }),
    ]);
  });

  it("makes the seed's misnamed search work across the caller's shops only", async () => {
    const { call, director: owner, shops } = await director({ shopCount: 2 });
    const other = await director();
    const tag = `zz${Date.now().toString(36)}`;
    const mine = await createUser(t.db, {
      roles: [ROLE.seller],
      shopIds: [shops[1]!.id],
      accountId: owner.id,
      username: `${tag}a`,
    });
    await createUser(t.db, {
      roles: [ROLE.seller],
      shopIds: [other.shops[0]!.id],
      accountId: other.director.id,
      username: `${tag}b`,
    });
    const response = await call({ method: 'GET', url: `/api/depot/user/page/1/${tag}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((u: { idUser: number }) => u.idUser)).toEqual([mine.id]);
  });

  it("lists a shop's users, the caller's shops, the account's users and the roles a director may give", async () => {
    const { call, director: owner, shops } = await director({ shopCount: 2 });
    const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    const cashier = await createUser(t.db, { roles: [ROLE.cashier], shopIds: [shops[1]!.id], accountId: owner.id });

    const shopUsers = (await call({ method: 'GET', url: `/api/ligne_boutique_boutique_users/${shops[0]!.id}` })).json();
    expect(shopUsers.map((u: { idUser: number }) => u.idUser).sort()).toEqual([owner.id, seller.id].sort());

    const mine = (await call({ method: 'GET', url: `/api/ligne_boutique_current_user/${shops[0]!.id}` })).json();
    expect(mine.map((s: { idBoutique: number }) => s.idBoutique).sort()).toEqual(shops.map((s) => s.id).sort());
    expect(mine[0]).toEqual(
      expect.objectContaining({ nom: expect.any(String), telephone: expect.any(String), adresse: expect.any(String) }),
    );

    const account = (await call({ method: 'GET', url: '/api/users_directeur/' })).json();
    expect(account.map((u: { idUser: number }) => u.idUser).sort()).toEqual([owner.id, seller.id, cashier.id].sort());

    const roles = (await call({ method: 'GET', url: '/api/roles_directeur' })).json();
    expect(roles).toEqual([
      { idRole: 2, libelle: 'DIRECTEUR' },
      { idRole: 3, libelle: 'GERANT' },
      { idRole: 4, libelle: 'VENDEUR' },
      { idRole: 5, libelle: 'CAISSIER' },
      { idRole: 6, libelle: 'MAGASINIER' },
    ]);
  });

  it("refuses another director's shop", async () => {
    const { call } = await director();
    const other = await director();
    for (const url of [
      `/api/boutique/user/page/${other.shops[0]!.id}/1`,
      `/api/ligne_boutique_boutique_users/${other.shops[0]!.id}`,
      `/api/depot/user/page/${other.shops[0]!.id}/1/a`,
    ]) {
      const response = await call({ method: 'GET', url });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('NOT_SHOP_MEMBER');
    }
  });
});

describe('editing users (PUT /api/users/gerant/{idUser})', () => {
  it("replaces roles and the caller's shops, leaving other memberships and ending assignments in left shops", async () => {
    const { call, director: owner, shops, depots } = await director({ shopCount: 2 });
    const other = await director();
    const user = await createUser(t.db, {
      roles: [ROLE.seller],
      shopIds: [shops[0]!.id, other.shops[0]!.id],
      accountId: owner.id,
    });
    await assignDepot(t.db, depots[0]!, user.id);
    const response = await call({
      method: 'PUT',
      url: `/api/users/gerant/${user.id}`,
      payload: {
        username: `${user.username}x`,
        nom: 'Traore',
        prenom: 'Moussa',
        email: `${user.username}x@example.test`,
        telephone: '',
        role: [ROLE.manager, ROLE.warehouse],
        boutiques: [shops[1]!.id],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: `${user.username}x`,
      nom: 'Traore',
      telephone: null,
      role: [
        { idRole: 3, libelle: 'GERANT' },
        { idRole: 6, libelle: 'MAGASINIER' },
      ],
      boutiques: [{ idBoutique: shops[1]!.id, nom: shops[1]!.nom }],
    });
    const memberships = await t.db.select().from(shopMembers).where(eq(shopMembers.userId, user.id));
    expect(memberships.map((m) => m.shopId).sort()).toEqual([shops[1]!.id, other.shops[0]!.id].sort());
    expect(await t.db.select().from(depotUsers).where(eq(depotUsers.userId, user.id))).toEqual([]);
  });

  it('validates like the create form (password aside)', async () => {
    const { call, director: owner, shops } = await director();
    const user = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    const response = await call({
      method: 'PUT',
      url: `/api/users/gerant/${user.id}`,
      payload: { username: 'ok.name', nom: 'A', prenom: 'B', email: 'bad', role: [9], boutiques: [shops[0]!.id] },
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.email', 'body.role.0']);
  });

  it("refuses to take another user's username", async () => {
    const { call, director: owner, shops } = await director();
    const a = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    const b = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    const response = await call({
      method: 'PUT',
      url: `/api/users/gerant/${a.id}`,
      payload: {
        username: b.username,
        nom: 'A',
        prenom: 'B',
        email: `${a.username}@example.test`,
        role: [4],
        boutiques: [shops[0]!.id],
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('USERNAME_TAKEN');
  });

  it('keeps the caller a director of their shops', async () => {
    const { call, director: owner, shops } = await director({ shopCount: 2 });
    const base = { username: owner.username, nom: 'A', prenom: 'B', email: `${owner.username}@example.test` };
    const dropRole = await call({
      method: 'PUT',
      url: `/api/users/gerant/${owner.id}`,
      payload: { ...base, role: [ROLE.seller], boutiques: shops.map((s) => s.id) },
    });
    expect(dropRole.statusCode).toBe(422);
    expect(dropRole.json()).toMatchObject({ code: 'CANNOT_REMOVE_SELF', details: [{ field: 'body.role' }] });
    const dropShop = await call({
      method: 'PUT',
      url: `/api/users/gerant/${owner.id}`,
      payload: { ...base, role: [ROLE.director], boutiques: [shops[0]!.id] },
    });
    expect(dropShop.statusCode).toBe(422);
    expect(dropShop.json()).toMatchObject({ code: 'CANNOT_REMOVE_SELF', details: [{ field: 'body.boutiques' }] });
    const ok = await call({
      method: 'PUT',
      url: `/api/users/gerant/${owner.id}`,
      payload: { ...base, role: [ROLE.director, ROLE.seller], boutiques: shops.map((s) => s.id) },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses to put a user in a shop the caller does not belong to', async () => {
    const { call, director: owner, shops } = await director();
    const other = await director();
    const user = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    const response = await call({
      method: 'PUT',
      url: `/api/users/gerant/${user.id}`,
      payload: {
        username: user.username,
        nom: 'A',
        prenom: 'B',
        email: `${user.username}@example.test`,
        role: [4],
        boutiques: [shops[0]!.id, other.shops[0]!.id],
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('NOT_SHOP_MEMBER');
    expect(await t.db.select().from(shopMembers).where(eq(shopMembers.userId, user.id))).toHaveLength(1);
  });

  it('answers 404 for a user of another director, and leaves them untouched', async () => {
    const { call, shops } = await director();
    const other = await director();
    const stranger = await createUser(t.db, {
      roles: [ROLE.seller],
      shopIds: [other.shops[0]!.id],
      accountId: other.director.id,
    });
    const response = await call({
      method: 'PUT',
      url: `/api/users/gerant/${stranger.id}`,
      payload: {
        username: 'hijacked',
        nom: 'A',
        prenom: 'B',
        email: 'hijack@example.test',
        role: [4],
        boutiques: [shops[0]!.id],
      },
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, stranger.id));
    expect(row!.username).toBe(stranger.username);
  });
});

describe('setting a password (PUT /api/update/pass/{idUser})', () => {
  it("sets it and ends that user's sessions", async () => {
    const { call, director: owner, shops } = await director();
    const user = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    const userCall = as(t.app, await signIn(t.app, user));
    const response = await call({
      method: 'PUT',
      url: `/api/update/pass/${user.id}`,
      payload: { idUser: user.id, nouveau: 'Changed99', confirmation: 'Changed99' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await userCall({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    await signIn(t.app, { username: user.username, password: 'Changed99' });
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('checks the password rule and the confirmation', async () => {
    const { call, director: owner, shops } = await director();
    const user = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    const weak = await call({ method: 'PUT', url: `/api/update/pass/${user.id}`, payload: { idUser: user.id, nouveau: 'abc' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.map((d: { field: string }) => d.field)).toEqual(['body.nouveau']);
    const mismatch = await call({
      method: 'PUT',
      url: `/api/update/pass/${user.id}`,
      payload: { idUser: user.id, nouveau: 'Secret999', confirmation: 'Secret998' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([
      { field: 'body.confirmation', message: 'Les deux mots de passe doivent être identiques.' },
    ]);
    const otherId = await call({
      method: 'PUT',
      url: `/api/update/pass/${user.id}`,
      payload: { idUser: owner.id, nouveau: 'Secret999' },
    });
    expect(otherId.statusCode).toBe(400);
  });

  it('refuses the caller\'s own password: it changes in the profile, with the current one', async () => {
    const { call, director: owner } = await director();
    const own = await call({ method: 'PUT', url: `/api/update/pass/${owner.id}`, headers: { 'accept-language': 'en' }, payload: { nouveau: 'Secret999' } });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({
      code: 'OWN_PASSWORD_IN_PROFILE',
      message: 'Change your own password from your profile, with your current password.',
    });
    await signIn(t.app, owner);
    expect((await call({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it("answers 404 for another director's user", async () => {
    const { call } = await director();
    const other = await director();
    const response = await call({
      method: 'PUT',
      url: `/api/update/pass/${other.director.id}`,
      payload: { nouveau: 'Secret999' },
    });
    expect(response.statusCode).toBe(404);
  });

  it("does not let a co-director change the account owner's password", async () => {
    const { director: owner, shops } = await director();
    const co = await createUser(t.db, { roles: [ROLE.director], shopIds: [shops[0]!.id], accountId: owner.id });
    const response = await as(
      t.app,
      await signIn(t.app, co),
    )({ method: 'PUT', url: `/api/update/pass/${owner.id}`, payload: { nouveau: 'Secret999' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });
});

describe('removing from a shop (DELETE /api/users/boutique/{idBoutique}/{idUser})', () => {
  it("removes the membership and that shop's depot assignments only", async () => {
    const { call, director: owner, shops, depots } = await director({ shopCount: 2 });
    const user = await createUser(t.db, { roles: [ROLE.warehouse], shopIds: shops.map((s) => s.id), accountId: owner.id });
    for (const depot of depots) await assignDepot(t.db, depot, user.id);
    const response = await call({ method: 'DELETE', url: `/api/users/boutique/${shops[0]!.id}/${user.id}` });
    expect(response.statusCode).toBe(200);
    const memberships = await t.db.select().from(shopMembers).where(eq(shopMembers.userId, user.id));
    expect(memberships.map((m) => m.shopId)).toEqual([shops[1]!.id]);
    const assignments = await t.db.select().from(depotUsers).where(eq(depotUsers.userId, user.id));
    expect(assignments.map((a) => a.depotId)).toEqual([depots[1]!.id]);
    const again = await call({ method: 'DELETE', url: `/api/users/boutique/${shops[0]!.id}/${user.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to remove the caller or the account owner', async () => {
    const { call, director: owner, shops } = await director();
    const self = await call({ method: 'DELETE', url: `/api/users/boutique/${shops[0]!.id}/${owner.id}` });
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('CANNOT_REMOVE_SELF');
    const co = await createUser(t.db, { roles: [ROLE.director], shopIds: [shops[0]!.id], accountId: owner.id });
    const byCo = await as(
      t.app,
      await signIn(t.app, co),
    )({ method: 'DELETE', url: `/api/users/boutique/${shops[0]!.id}/${owner.id}`, headers: { 'accept-language': 'en' } });
    expect(byCo.statusCode).toBe(422);
    expect(byCo.json()).toMatchObject({
      code: 'CANNOT_REMOVE_OWNER',
      message: 'The account owner cannot be removed from their shops nor lose the director role.',
    });
    const still = await t.db
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.userId, owner.id), eq(shopMembers.shopId, shops[0]!.id)));
    expect(still).toHaveLength(1);
  });

  it("refuses another director's shop, and a user who is not a member", async () => {
    const { call, shops } = await director();
    const other = await director();
    const forbidden = await call({ method: 'DELETE', url: `/api/users/boutique/${other.shops[0]!.id}/${other.director.id}` });
    expect(forbidden.statusCode).toBe(403);
    const stranger = await createUser(t.db, { roles: [ROLE.seller], shopIds: [other.shops[0]!.id] });
    const missing = await call({ method: 'DELETE', url: `/api/users/boutique/${shops[0]!.id}/${stranger.id}` });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a user in no shop of the account', () => {
  it('can still be found through the account and given a shop again', async () => {
    const { call, director: owner, shops } = await director();
    const extraShop = await createShop(t.db, owner.id);
    await createDepot(t.db, extraShop.id);
    const user = await createUser(t.db, { roles: [ROLE.seller], accountId: owner.id });
    const response = await call({
      method: 'PUT',
      url: `/api/users/gerant/${user.id}`,
      payload: {
        username: user.username,
        nom: 'A',
        prenom: 'B',
        email: `${user.username}@example.test`,
        role: [4],
        boutiques: [shops[0]!.id],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().boutiques).toEqual([{ idBoutique: shops[0]!.id, nom: shops[0]!.nom }]);
  });
});

describe('a user removed from every shop (issue 7)', () => {
  it('still signs in, to no shop, and still takes a plan seat', async () => {
    const { director: owner, shops } = await director({ planId: 2 }); // Bronze: 4 users
    const user = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    const ownerCall = as(t.app, await signIn(t.app, owner));
    expect((await ownerCall({ method: 'DELETE', url: `/api/users/boutique/${shops[0]!.id}/${user.id}` })).statusCode).toBe(200);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user.boutiques).toEqual([]);
    const usage = (await ownerCall({ method: 'GET', url: '/api/abonnement/usage' })).json();
    expect(usage.used.users).toBe(2);
  });

  it('can be deleted by the director: sessions end, the seat frees, nobody else is touched', async () => {
    const { director: owner, shops, depots } = await director({ planId: 2 }); // Bronze: 4 users
    const ownerCall = as(t.app, await signIn(t.app, owner));
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id }));
    const [gone, kept] = made;
    await assignDepot(t.db, depots[0]!, gone!.id);
    const goneToken = await signIn(t.app, gone!);
    expect((await ownerCall({ method: 'DELETE', url: `/api/users/boutique/${shops[0]!.id}/${gone!.id}` })).statusCode).toBe(200);
    // The plan is full (owner + 3): no fourth user.
    const full = await ownerCall({ method: 'POST', url: '/api/users_gerant', payload: newUser([shops[0]!.id]) });
    expect(full.statusCode).toBe(409);

    const deleted = await ownerCall({ method: 'DELETE', url: `/api/users/${gone!.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await as(t.app, goneToken)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: gone!.username, password: TEST_PASSWORD },
    });
    expect(signin.statusCode).toBe(401);
    expect(await t.db.select().from(depotUsers).where(eq(depotUsers.userId, gone!.id))).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, gone!.id));
    expect(row!.deletedAt).not.toBeNull();
    const [other] = await t.db.select().from(users).where(eq(users.id, kept!.id));
    expect(other!.deletedAt).toBeNull();
    // The seat is free again.
    const again = await ownerCall({ method: 'POST', url: '/api/users_gerant', payload: newUser([shops[0]!.id]) });
    expect(again.statusCode).toBe(201);
    // Deleted once: the user is gone.
    expect((await ownerCall({ method: 'DELETE', url: `/api/users/${gone!.id}` })).statusCode).toBe(404);
  });

  it('refuses oneself, the account owner, staff, and a user of another account', async () => {
    const { director: owner, shops } = await director();
    const ownerCall = as(t.app, await signIn(t.app, owner));
    const self = await ownerCall({ method: 'DELETE', url: `/api/users/${owner.id}` });
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('CANNOT_REMOVE_SELF');
    const co = await createUser(t.db, { roles: [ROLE.director], shopIds: [shops[0]!.id], accountId: owner.id });
    const byCo = await as(t.app, await signIn(t.app, co))({ method: 'DELETE', url: `/api/users/${owner.id}` });
    expect(byCo.statusCode).toBe(403);
    const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id], accountId: owner.id });
    const bySeller = await as(t.app, await signIn(t.app, seller))({ method: 'DELETE', url: `/api/users/${co.id}` });
    expect(bySeller.statusCode).toBe(403);
    const other = await director();
    const stranger = await createUser(t.db, { roles: [ROLE.seller], accountId: other.director.id });
    const cross = await ownerCall({ method: 'DELETE', url: `/api/users/${stranger.id}` });
    expect(cross.statusCode).toBe(404);
    const bad = await ownerCall({ method: 'DELETE', url: '/api/users/abc' });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, stranger.id));
    expect(row!.deletedAt).toBeNull();
  });
});
