import { okResponse } from '@app/common/contracts/common';
import { driver, driverBody } from '@app/common/contracts/drivers';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { createDriver, deleteDriver, findMyDriver, pageDrivers, shopDrivers, updateDriver } from './drivers.service.js';

const tags = ['drivers'];

/** Drivers of seed 001 §7. The shop in the path or the body is checked by the auth hook. */
export function driversRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const record = { param: 'idChauffeur', find: findMyDriver };

    app.get('/api/chauffeur/page/:b/:p', {
      schema: { tags, params: z.object({ b: idParam, p: pageParam }), response: { 200: pageOf(driver) } },
      config: { permission: 'drivers:read' },
      handler: (request) => pageDrivers(db, requireShop(request), { page: request.params.p }),
    });

    app.get('/api/chauffeur/page/:b/:p/:search', {
      schema: {
        tags,
        params: z.object({ b: idParam, p: pageParam, search: z.string().max(100) }),
        response: { 200: pageOf(driver) },
      },
      config: { permission: 'drivers:read' },
      handler: (request) => pageDrivers(db, requireShop(request), { page: request.params.p, term: request.params.search }),
    });

    app.get('/api/chauffeur/boutique/:b', {
      schema: { tags, params: z.object({ b: idParam }), response: { 200: z.array(driver) } },
      config: { permission: 'drivers:read' },
      handler: (request) => shopDrivers(db, requireShop(request)),
    });

    // Directors, and the roles that quick-add a driver from their dialogs (DECISIONS §1).
    app.post('/api/chauffeur', {
      schema: { tags, body: driverBody, response: { 201: driver } },
      config: { permission: 'drivers:quickAdd' },
      handler: async (request, reply) => reply.status(201).send(await createDriver(db, requireShop(request), request.body)),
    });

    app.put('/api/chauffeur/:idChauffeur', {
      schema: { tags, params: z.object({ idChauffeur: idParam }), body: driverBody, response: { 200: driver } },
      config: { permission: 'drivers:manage', record },
      handler: (request) => updateDriver(db, requireActor(request), request.params.idChauffeur, request.body),
    });

    app.delete('/api/chauffeur/:idChauffeur', {
      schema: { tags, params: z.object({ idChauffeur: idParam }), response: { 200: okResponse } },
      config: { permission: 'drivers:manage', record },
      handler: async (request) => {
        await deleteDriver(db, requireActor(request), request.params.idChauffeur);
        return { ok: true as const };
      },
    });
  };
}
