import { requestLanguage } from '../../lib/i18n.js';
import {
  adminRow,
  createAdminBody,
  createDirectorBody,
  directorRow,
  subscriptionLine,
  updateAdminBody,
  updateDirectorBody,
  updateSubscriptionLineBody,
} from '@app/common/contracts/admin';
import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../lib/access.js';
import { createAdmin, listAdmins, updateAdmin } from './admins.service.js';
import { createDirector, deleteDirector, pageDirectors, updateDirector } from './directors.service.js';
import { activateLine, pageLines, updateLine } from './subscription-lines.service.js';

const tags = ['admin'];
const search = z.string().max(100);

/** Platform admin calls of seed 000 §7 (DECISIONS §1: admins manage accounts and subscriptions only). */
export function adminRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/user/actif/page/:p', {
      schema: { tags, params: z.object({ p: pageParam }), response: { 200: pageOf(directorRow) } },
      config: { permission: 'admin:directors' },
      handler: (request) => pageDirectors(db, request.params.p),
    });

    app.get('/api/user/actif/page/:p/:search', {
      schema: { tags, params: z.object({ p: pageParam, search }), response: { 200: pageOf(directorRow) } },
      config: { permission: 'admin:directors' },
      handler: (request) => pageDirectors(db, request.params.p, request.params.search),
    });

    app.post('/api/users_directeur', {
      schema: { tags, body: createDirectorBody, response: { 201: directorRow } },
      config: { permission: 'admin:directors' },
      handler: async (request, reply) =>
        reply.status(201).send(await createDirector(db, request.body, requestLanguage(request.headers, request.query))),
    });

    app.put('/api/users_directeur/:idUser', {
      schema: { tags, params: z.object({ idUser: idParam }), body: updateDirectorBody, response: { 200: directorRow } },
      config: { permission: 'admin:directors' },
      handler: (request) => updateDirector(db, request.params.idUser, request.body),
    });

    app.delete('/api/users_directeur/:idUser', {
      schema: { tags, params: z.object({ idUser: idParam }), response: { 200: okResponse } },
      config: { permission: 'admin:directors' },
      handler: async (request) => {
        await deleteDirector(db, request.params.idUser);
        return { ok: true as const };
      },
    });

    app.get('/api/users_admin/', {
      schema: { tags, response: { 200: z.array(adminRow) } },
      config: { permission: 'admin:admins' },
      handler: () => listAdmins(db),
    });

    app.post('/api/users_admin', {
      schema: { tags, body: createAdminBody, response: { 201: adminRow } },
      config: { permission: 'admin:admins' },
      handler: async (request, reply) => reply.status(201).send(await createAdmin(db, request.body)),
    });

    app.put('/api/users_admin/:idUser', {
      schema: { tags, params: z.object({ idUser: idParam }), body: updateAdminBody, response: { 200: adminRow } },
      config: { permission: 'admin:admins' },
      handler: (request) => updateAdmin(db, requireActor(request), request.params.idUser, request.body),
    });

    app.get('/api/ligne/abonnement/:p', {
      schema: { tags, params: z.object({ p: pageParam }), response: { 200: pageOf(subscriptionLine) } },
      config: { permission: 'admin:subscriptions' },
      handler: (request) => pageLines(db, request.params.p),
    });

    app.get('/api/ligne/abonnement/:p/:search', {
      schema: { tags, params: z.object({ p: pageParam, search }), response: { 200: pageOf(subscriptionLine) } },
      config: { permission: 'admin:subscriptions' },
      handler: (request) => pageLines(db, request.params.p, request.params.search),
    });

    // A GET that writes, as the seed calls it; activating twice changes nothing.
    app.get('/api/users/active/:idUser/:abonnement', {
      schema: { tags, params: z.object({ idUser: idParam, abonnement: idParam }), response: { 200: subscriptionLine } },
      config: { permission: 'admin:subscriptions' },
      handler: (request) => activateLine(db, request.params.idUser, request.params.abonnement, requireActor(request).userId),
    });

    app.put('/api/ligne/abonnement/:idLigne', {
      schema: {
        tags,
        params: z.object({ idLigne: idParam }),
        body: updateSubscriptionLineBody,
        response: { 200: subscriptionLine },
      },
      config: { permission: 'admin:subscriptions' },
      handler: (request) => updateLine(db, request.params.idLigne, request.body),
    });
  };
}
