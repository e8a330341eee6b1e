import { idParam } from '@app/common/contracts/ids';
import { movement } from '@app/common/contracts/stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { findMyMovement, movementsOfMyShops, refuseMovementChange } from './movement-lookups.service.js';

const tags = ['stock'];
const params = z.object({ idInventaire: idParam });
const record = { param: 'idInventaire', find: findMyMovement };
/** What the old client could send to edit an inventaire row; read only to answer why it is refused. */
const movementEdit = z.object({
  quantite: z.number().int().optional(),
  libelle: z.string().max(255).optional(),
  motif: z.string().max(500).optional(),
});

/** Seed 001 §7 inventaire calls beside the movements screen's (see movement-lookups.service.ts). */
export function movementLookupsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/inventaires_not_deleted', {
      schema: { tags, response: { 200: z.array(movement) } },
      config: { permission: 'movements:read' },
      handler: (request) => movementsOfMyShops(db, requireActor(request), requestLanguage(request.headers, request.query)),
    });

    app.put('/api/inventaires/:idInventaire', {
      schema: { tags, params, body: movementEdit },
      config: { permission: 'stock:manage', record },
      handler: (request) => refuseMovementChange(db, requireActor(request), request.params.idInventaire),
    });

    app.delete('/api/inventaires/:idInventaire', {
      schema: { tags, params },
      config: { permission: 'stock:manage', record },
      handler: (request) => refuseMovementChange(db, requireActor(request), request.params.idInventaire),
    });
  };
}
