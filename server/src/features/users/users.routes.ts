import { role } from '@app/common/contracts/auth';
import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import { shop } from '@app/common/contracts/shops';
import { createUserBody, setPasswordBody, shopUser, shopUserWithDepots, updateUserBody } from '@app/common/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import {
  accountUsers,
  allShopUsers,
  assignableRoles,
  currentUserShops,
  findManagedUser,
  pageShopUsers,
  pageShopUsersWithDepots,
  pageVisibleUsers,
} from './users.service.js';
import { createShopUser, deleteAccountUser, removeFromShop, setShopUserPassword, updateShopUser } from './users.write.service.js';

const tags = ['users'];
const search = z.string().max(100);

/** The director's shop users (seed 000 §2 Shop users screen, §7). A shop in the path is checked for membership by the auth hook. */
export function usersRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/boutique/user/page/:idBoutique/:page', {
      schema: { tags, params: z.object({ idBoutique: idParam, page: pageParam }), response: { 200: pageOf(shopUser) } },
      config: { permission: 'users:manage' },
      handler: (request) => pageShopUsers(db, requireShop(request), { page: request.params.page }),
    });

    app.get('/api/boutique/user/page/:idBoutique/:page/:search', {
      schema: { tags, params: z.object({ idBoutique: idParam, page: pageParam, search }), response: { 200: pageOf(shopUser) } },
      config: { permission: 'users:manage' },
      handler: (request) => pageShopUsers(db, requireShop(request), { page: request.params.page, term: request.params.search }),
    });

    app.get('/api/depot/user/page/:idBoutique/:page/:search', {
      schema: {
        tags,
        params: z.object({ idBoutique: idParam, page: pageParam, search }),
        response: { 200: pageOf(shopUserWithDepots) },
      },
      config: { permission: 'users:manage' },
      handler: (request) =>
        pageShopUsersWithDepots(db, requireShop(request), { page: request.params.page, term: request.params.search }),
    });

    // Seed 000 §7 calls this with a misnamed variable; DECISIONS §10: it works, across the caller's shops.
    app.get('/api/depot/user/page/:page/:search', {
      schema: { tags, params: z.object({ page: pageParam, search }), response: { 200: pageOf(shopUser) } },
      config: { permission: 'users:manage' },
      handler: (request) =>
        pageVisibleUsers(db, requireActor(request), { page: request.params.page, term: request.params.search }),
    });

    app.get('/api/ligne_boutique_boutique_users/:idBoutique', {
      schema: { tags, params: z.object({ idBoutique: idParam }), response: { 200: z.array(shopUser) } },
      config: { permission: 'users:manage' },
      handler: (request) => allShopUsers(db, requireShop(request)),
    });

    app.get('/api/ligne_boutique_current_user/:idBoutique', {
      schema: { tags, params: z.object({ idBoutique: idParam }), response: { 200: z.array(shop) } },
      config: { permission: 'session:use' },
      handler: (request) => currentUserShops(db, requireActor(request)),
    });

    app.get('/api/users_directeur/', {
      schema: { tags, response: { 200: z.array(shopUser) } },
      config: { permission: 'users:manage' },
      handler: (request) => accountUsers(db, requireActor(request)),
    });

    app.get('/api/roles_directeur', {
      schema: { tags, response: { 200: z.array(role) } },
      config: { permission: 'users:manage' },
      handler: () => assignableRoles(),
    });

    // The seed's two create calls (manager, cashier) are one form with a role list: same handler.
    for (const url of ['/api/users_gerant', '/api/users_caisse_a']) {
      app.post(url, {
        schema: { tags, body: createUserBody, response: { 201: shopUser } },
        config: { permission: 'users:manage' },
        handler: async (request, reply) => reply.status(201).send(await createShopUser(db, requireActor(request), request.body)),
      });
    }

    app.put('/api/users/gerant/:idUser', {
      schema: { tags, params: z.object({ idUser: idParam }), body: updateUserBody, response: { 200: shopUser } },
      config: { permission: 'users:manage', record: { param: 'idUser', find: findManagedUser } },
      handler: (request) => updateShopUser(db, requireActor(request), request.params.idUser, request.body),
    });

    app.put('/api/update/pass/:idUser', {
      schema: { tags, params: z.object({ idUser: idParam }), body: setPasswordBody, response: { 200: okResponse } },
      config: { permission: 'users:manage' },
      handler: async (request) => {
        await setShopUserPassword(db, requireActor(request), request.params.idUser, request.body);
        return { ok: true as const };
      },
    });

    app.delete('/api/users/:idUser', {
      schema: { tags, params: z.object({ idUser: idParam }), response: { 200: okResponse } },
      config: { permission: 'users:manage', record: { param: 'idUser', find: findManagedUser } },
      handler: async (request) => {
        await deleteAccountUser(db, requireActor(request), request.params.idUser);
        return { ok: true as const };
      },
    });

    app.delete('/api/users/boutique/:idBoutique/:idUser', {
      schema: { tags, params: z.object({ idBoutique: idParam, idUser: idParam }), response: { 200: okResponse } },
      config: { permission: 'users:manage' },
      handler: async (request) => {
        await removeFromShop(db, requireShop(request), request.params.idUser);
        return { ok: true as const };
      },
    });
  };
}
