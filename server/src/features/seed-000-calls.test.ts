import { meResponse, role, signinResponse } from '@app/common/contracts/auth';
import { country, registeredClient } from '@app/common/contracts/clients';
import { okResponse } from '@app/common/contracts/common';
import { depotUser } from '@app/common/contracts/depot-users';
import { depot } from '@app/common/contracts/depots';
import { shop } from '@app/common/contracts/shops';
import { shopUser, shopUserWithDepots } from '@app/common/contracts/users';
import { ROLE } from '@app/common/roles';
import { expect } from 'vitest';
import { z } from 'zod';
import { TEST_PASSWORD } from '../test/factories.js';
import { answers, describeSeedCalls, nonEmptyList, page, unique, type SeedCall } from '../test/seed-calls.js';
import { createSeedWorld, type SeedWho, type SeedWorld } from '../test/seed-world.js';

/**
 * Every call of seed 000 §7, as the seed writes it, checked against the running server (see
 * `test/seed-calls.ts`). Calls built by the accounts features (users, depots, depot-users,
 * clients, auth, shops, profile) must exist; the others (registration, forgot password, admin)
 * are checked when they are registered.
 */

/** The features of seed 000 that build calls; `other` (in the runner) for the ones checked once registered. */
type Owner = 'users' | 'depots' | 'depot-users' | 'clients' | 'auth' | 'shops' | 'profile';

let w: SeedWorld;

const newUserBody = (roleId: number) => {
  const name = `seed${unique()}`;
  return {
    username: name,
    nom: 'Kone',
    prenom: 'Ali',
    email: `${name}@example.test`,
    password: 'Baobab2026',
    role: [roleId],
    boutiques: [w.shopA.id],
    token: '',
    langue: 'FR',
  };
};
const registration = (email: string, telephone: string) => ({
  nom: 'Kouassi',
  prenom: 'Yao',
  email,
  telephone,
  adresse: '',
  country: { id: 'CI', nom: "Côte d'Ivoire", indicatif: '+225' },
});

const SEED_CALLS: SeedCall<SeedWho, Owner>[] = [
  // Sign-in, profile.
  {
    call: 'POST /api/auth/signin',
    owner: 'auth',
    allowed: { who: 'anonymous', status: 200, body: signinResponse },
    request: () => ({ url: '/api/auth/signin', payload: { username: w.profileUser.username, password: TEST_PASSWORD } }),
  },
  {
    call: 'PUT /e2v/api/profil/{idU}',
    owner: 'profile',
    allowed: { who: 'seller', status: 200, body: meResponse },
    denied: { who: 'director', status: 403 },
    request: () => ({ url: `/e2v/api/profil/${w.seller.id}`, payload: { username: w.seller.username, changePassword: false } }),
  },
  // Client self-registration.
  { call: 'GET /api/auth/pays', owner: 'clients', allowed: { who: 'anonymous', status: 200, body: nonEmptyList(country) } },
  {
    call: 'POST /api/auth/clients/s2asport',
    owner: 'clients',
    allowed: { who: 'anonymous', status: 201, body: registeredClient },
    request: () => ({ url: '/api/auth/clients/s2asport', payload: registration(`s2a.${unique()}@example.test`, '0701010101') }),
  },
  {
    call: 'POST /api/auth/clients/win',
    owner: 'clients',
    allowed: { who: 'anonymous', status: 201, body: registeredClient },
    request: () => ({ url: '/api/auth/clients/win', payload: registration(`win.${unique()}@example.test`, '0701010102') }),
  },
  {
    call: 'GET /api/auth/check/client/email/{mail}',
    owner: 'clients',
    allowed: { who: 'anonymous', status: 200, body: answers(1) },
    request: () => ({ url: `/api/auth/check/client/email/${w.client.email}` }),
  },
  {
    call: 'GET /api/auth/check/client/tel/{tel}',
    owner: 'clients',
    allowed: { who: 'anonymous', status: 200, body: answers(1) },
    request: () => ({ url: `/api/auth/check/client/tel/${encodeURIComponent(w.client.telephone)}` }),
  },
  {
    call: 'GET /api/auth/check/client/win/email/{mail}',
    owner: 'clients',
    allowed: { who: 'anonymous', status: 200, body: answers(0) },
    request: () => ({ url: '/api/auth/check/client/win/email/nobody@example.test' }),
  },
  {
    call: 'GET /api/auth/check/client/win/tel/{tel}',
    owner: 'clients',
    allowed: { who: 'anonymous', status: 200, body: answers(1) },
    request: () => ({ url: `/api/auth/check/client/win/tel/${encodeURIComponent(w.client.telephone)}` }),
  },
  // Shop users.
  {
    call: 'GET /api/boutique/user/page/{idBoutique}/{page}',
    owner: 'users',
    allowed: {
      who: 'director',
      status: 200,
      body: page(shopUser, (rows) => expect(rows.map((u) => u.idUser)).toContain(w.seller.id)),
    },
    denied: { who: 'seller', status: 403 },
  },
  {
    call: 'GET /api/depot/user/page/{idBoutique}/{page}/{search}',
    owner: 'users',
    allowed: {
      who: 'director',
      status: 200,
      body: page(shopUserWithDepots, (rows) => expect(rows.map((u) => u.idUser)).toContain(w.seller.id)),
    },
    denied: { who: 'outsider', status: 403 },
    request: () => ({ url: `/api/depot/user/page/${w.shopA.id}/1/Seed%20depot` }),
  },
  {
    call: 'GET /api/depot/user/page/{page}/{search}',
    owner: 'users',
    allowed: {
      who: 'director',
      status: 200,
      body: page(shopUser, (rows) => expect(rows.map((u) => u.idUser)).toEqual([w.seller.id])),
    },
    denied: { who: 'seller', status: 403 },
    request: () => ({ url: `/api/depot/user/page/1/${w.seller.username}` }),
  },
  {
    call: 'GET /api/ligne_boutique_boutique_users/{id}',
    owner: 'users',
    allowed: { who: 'director', status: 200, body: nonEmptyList(shopUser) },
    denied: { who: 'outsider', status: 403 },
  },
  {
    call: 'GET /api/ligne_boutique_current_user/{id}',
    owner: 'users',
    allowed: { who: 'seller', status: 200, body: nonEmptyList(shop) },
    denied: { who: 'outsider', status: 403 },
  },
  {
    call: 'GET /api/users_directeur/',
    owner: 'users',
    allowed: { who: 'director', status: 200, body: nonEmptyList(shopUser) },
    denied: { who: 'seller', status: 403 },
  },
  {
    call: 'GET /api/roles_directeur',
    owner: 'users',
    allowed: { who: 'director', status: 200, body: z.array(role).length(5) },
    denied: { who: 'admin', status: 403 },
  },
  {
    call: 'POST /api/users_caisse_a',
    owner: 'users',
    allowed: { who: 'director', status: 201, body: shopUser },
    denied: { who: 'seller', status: 403 },
    request: () => ({ url: '/api/users_caisse_a', payload: newUserBody(ROLE.cashier) }),
  },
  {
    call: 'POST /api/users_gerant',
    owner: 'users',
    allowed: { who: 'director', status: 201, body: shopUser },
    denied: { who: 'seller', status: 403 },
    request: () => ({ url: '/api/users_gerant', payload: newUserBody(ROLE.manager) }),
  },
  {
    call: 'PUT /api/users/gerant/{idUser}',
    owner: 'users',
    allowed: { who: 'director', status: 200, body: shopUser },
    denied: { who: 'outsider', status: 404 },
    request: () => ({
      url: `/api/users/gerant/${w.editable.id}`,
      payload: {
        username: w.editable.username,
        nom: 'Edited',
        prenom: 'User',
        email: `${w.editable.username}@example.test`,
        role: [ROLE.manager],
        boutiques: [w.shopA.id],
        token: '',
        langue: 'FR',
      },
    }),
  },
  {
    call: 'PUT /api/update/pass/{idUser}',
    owner: 'users',
    allowed: { who: 'director', status: 200, body: okResponse },
    denied: { who: 'seller', status: 403 },
    request: () => ({ url: `/api/update/pass/${w.editable.id}`, payload: { idUser: w.editable.id, nouveau: 'Secret456' } }),
  },
  {
    call: 'DELETE /api/users/boutique/{idBoutique}/{idUser}',
    owner: 'users',
    allowed: { who: 'director', status: 200, body: okResponse },
    denied: { who: 'outsider', status: 403 },
    request: () => ({ url: `/api/users/boutique/${w.shopA.id}/${w.removable.id}` }),
  },
  // Depots and assignments.
  {
    call: 'GET /api/boutique/depot/user/directeur/page/{idBoutique}/{page}',
    owner: 'depot-users',
    allowed: { who: 'director', status: 200, body: page(depotUser, (rows) => expect(rows.length).toBeGreaterThan(0)) },
    denied: { who: 'seller', status: 403 },
  },
  {
    call: 'GET /api/boutique/depot/user/directeur/page/{idBoutique}/{page}/{search}',
    owner: 'depot-users',
    allowed: {
      who: 'director',
      status: 200,
      body: page(depotUser, (rows) => expect(rows.map((r) => r.user.idUser)).toEqual([w.seller.id])),
    },
    denied: { who: 'outsider', status: 403 },
    request: () => ({ url: `/api/boutique/depot/user/directeur/page/${w.shopA.id}/1/${w.seller.username}` }),
  },
  {
    call: 'GET /api/ligne/depot/connect/user',
    owner: 'depots',
    allowed: { who: 'seller', status: 200, body: nonEmptyList(depot) },
    denied: { who: 'admin', status: 403 },
  },
  {
    call: 'GET /api/ligne_depot_current_boutique/{id}',
    owner: 'depots',
    allowed: { who: 'seller', status: 200, body: nonEmptyList(depot) },
    denied: { who: 'outsider', status: 403 },
  },
  {
    call: 'GET /api/ligne_depot_current_user/{id}',
    owner: 'depots',
    allowed: { who: 'seller', status: 200, body: nonEmptyList(depot) },
    denied: { who: 'outsider', status: 403 },
  },
  {
    call: 'POST /api/depots',
    owner: 'depots',
    allowed: { who: 'director', status: 201, body: depot },
    denied: { who: 'seller', status: 403 },
    request: () => ({ url: '/api/depots', payload: { libelle: `Depot ${unique()}`, boutique: { idBoutique: w.shopA.id } } }),
  },
  {
    call: 'PUT /api/depots/{idDepot}',
    owner: 'depots',
    allowed: { who: 'director', status: 200, body: depot },
    denied: { who: 'outsider', status: 404 },
    request: () => ({
      url: `/api/depots/${w.spareDepot.id}`,
      payload: { libelle: 'Renamed depot', boutique: { idBoutique: w.shopA.id } },
    }),
  },
  {
    call: 'POST /api/ligne_depot',
    owner: 'depot-users',
    allowed: { who: 'director', status: 201, body: depotUser },
    denied: { who: 'seller', status: 403 },
    request: () => ({ url: '/api/ligne_depot', payload: { depots: w.depotA.id, users: w.assignable.id } }),
  },
  {
    call: 'DELETE /api/delete/ligne/depot/{depot}/{user}',
    owner: 'depot-users',
    allowed: { who: 'director', status: 200, body: okResponse },
    denied: { who: 'outsider', status: 404 },
    request: () => ({ url: `/api/delete/ligne/depot/${w.depotA.id}/${w.unassignable.id}` }),
  },
  // Shops.
  {
    call: 'GET /api/boutique/users/page/{page}',
    owner: 'shops',
    allowed: { who: 'director', status: 200, body: page(shop) },
    denied: { who: 'seller', status: 403 },
  },
  {
    call: 'GET /api/boutique/page/{page}/{term}',
    owner: 'shops',
    allowed: {
      who: 'director',
      status: 200,
      body: page(shop, (rows) => expect(rows.map((s) => s.idBoutique)).toEqual([w.shopA.id])),
    },
    denied: { who: 'seller', status: 403 },
    request: () => ({ url: '/api/boutique/page/1/Seed' }),
  },
  {
    call: 'GET /api/boutiques_not_deleted',
    owner: 'shops',
    allowed: { who: 'seller', status: 200, body: nonEmptyList(shop) },
    denied: { who: 'anonymous', status: 401 },
  },
  {
    call: 'GET /api/boutique_current_user',
    owner: 'shops',
    allowed: { who: 'seller', status: 200, body: nonEmptyList(shop) },
    denied: { who: 'anonymous', status: 401 },
  },
  {
    call: 'POST /api/boutiques',
    owner: 'shops',
    allowed: { who: 'director', status: 201, body: shop },
    denied: { who: 'seller', status: 403 },
    request: () => ({ url: '/api/boutiques', payload: { nom: 'Third shop', telephone: '01020304', adresse: 'Dakar' } }),
  },
  {
    call: 'PUT /api/boutiques/{idBoutique}',
    owner: 'shops',
    allowed: { who: 'director', status: 200, body: shop },
    denied: { who: 'outsider', status: 403 },
    request: () => ({
      url: `/api/boutiques/${w.spareShop.id}`,
      payload: { nom: 'Spare shop 2', telephone: '01020304', adresse: 'Dakar' },
    }),
  },
  {
    // The seed lists the shop delete twice, once as /api/boutiques/{idUser}: one route.
    call: 'DELETE /api/boutiques/{idBoutique}',
    owner: 'shops',
    allowed: { who: 'director', status: 200, body: okResponse },
    denied: { who: 'outsider', status: 403 },
    request: () => ({ url: `/api/boutiques/${w.spareShop.id}` }),
  },
  {
    call: 'DELETE /api/boutiques/{idUser}',
    owner: 'shops',
    denied: { who: 'seller', status: 403 },
    request: () => ({ url: `/api/boutiques/${w.shopA.id}` }),
  },
  // Registration, forgot password and platform admin: checked when registered.
  {
    call: 'POST /api/auth/forget_password',
    owner: 'other',
    allowed: { who: 'anonymous', status: 200 },
    request: () => ({
      url: '/api/auth/forget_password',
      payload: { email: `${w.director.username}@example.test`, langue: 'fr' },
    }),
  },
  {
    call: 'GET /api/abonnements/',
    owner: 'other',
    allowed: { who: 'anonymous', status: 200, body: z.array(z.unknown()).min(1) },
  },
  { call: 'POST /api/auth/users/abonnement', owner: 'other' },
  { call: 'POST /api/auth/users/abonnement/personnalise', owner: 'other' },
  {
    call: 'GET /api/auth/check/email/{mail}',
    owner: 'other',
    allowed: { who: 'anonymous', status: 200, body: answers(1) },
    request: () => ({ url: `/api/auth/check/email/${w.director.username}@example.test` }),
  },
  {
    call: 'GET /api/auth/check_username/{name}',
    owner: 'other',
    allowed: { who: 'anonymous', status: 200, body: answers(1) },
    request: () => ({ url: `/api/auth/check_username/${w.director.username}` }),
  },
  {
    call: 'GET /api/user/actif/page/{page}',
    owner: 'other',
    allowed: { who: 'admin', status: 200, body: page(z.unknown()) },
    denied: { who: 'director', status: 403 },
  },
  {
    call: 'GET /api/ligne/abonnement/{page}',
    owner: 'other',
    allowed: { who: 'admin', status: 200, body: page(z.unknown()) },
    denied: { who: 'director', status: 403 },
  },
  {
    call: 'GET /api/ligne/abonnement/{page}/{search}',
    owner: 'other',
    allowed: { who: 'admin', status: 200, body: page(z.unknown()) },
    denied: { who: 'director', status: 403 },
    request: () => ({ url: '/api/ligne/abonnement/1/zzz' }),
  },
  {
    call: 'GET /api/users/active/{idUser}/{abonnement}',
    owner: 'other',
    denied: { who: 'director', status: 403 },
    request: () => ({ url: '/api/users/active/2147483000/2147483000' }),
  },
  {
    call: 'GET /api/users_admin/',
    owner: 'other',
    allowed: { who: 'admin', status: 200, body: z.array(z.unknown()).min(1) },
    denied: { who: 'director', status: 403 },
  },
  {
    call: 'POST /api/users_directeur',
    owner: 'other',
    denied: { who: 'director', status: 403 },
    request: () => ({ url: '/api/users_directeur', payload: {} }),
  },
  {
    call: 'POST /api/users_admin',
    owner: 'other',
    denied: { who: 'director', status: 403 },
    request: () => ({ url: '/api/users_admin', payload: {} }),
  },
  {
    call: 'PUT /api/users_admin/{idUser}',
    owner: 'other',
    denied: { who: 'director', status: 403 },
    request: () => ({ url: `/api/users_admin/${w.admin.id}`, payload: {} }),
  },
  {
    call: 'PUT /api/users_directeur/{idUser}',
    owner: 'other',
    denied: { who: 'director', status: 403 },
    request: () => ({ url: `/api/users_directeur/${w.director.id}`, payload: {} }),
  },
];

describeSeedCalls('seed 000 §7 calls', SEED_CALLS, async (t) => {
  w = await createSeedWorld(t);
  return {
    tokens: w.tokens,
    pathValues: { idBoutique: w.shopA.id, id: w.shopA.id, page: 1, search: w.seller.username, term: 'Seed' },
  };
});
