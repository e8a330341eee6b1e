import { idParam } from '@app/common/contracts/ids';
import { legalIdentity, legalIdentityBody } from '@app/common/contracts/legal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireShop } from '../../lib/access.js';
import { multipartBody } from '../files/uploads.service.js';
import { getLegalIdentity, putLegalIdentity, setLegalLogo } from './legal-identity.service.js';

const tags = ['legal'];
const params = z.object({ idBoutique: idParam });

/** A shop's legal identity (issue 21): the director edits it, a manager reads it. */
export function legalIdentityRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/boutiques/:idBoutique/identite', {
      schema: { tags, params, response: { 200: legalIdentity } },
      config: { permission: 'legal:read' },
      handler: (request) => getLegalIdentity(db, requireShop(request)),
    });

    app.put('/api/boutiques/:idBoutique/identite', {
      schema: { tags, params, body: legalIdentityBody, response: { 200: legalIdentity } },
      config: { permission: 'legal:manage' },
      handler: (request) => putLegalIdentity(db, requireShop(request), request.body),
    });

    app.put('/api/boutiques/:idBoutique/identite/logo', {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params,
        body: z.object({ file: z.unknown(), image: z.unknown() }).partial(),
        response: { 200: legalIdentity },
      },
      config: { permission: 'legal:manage' },
      preValidation: multipartBody,
      handler: (request) => setLegalLogo(db, requireShop(request), request.body.file ?? request.body.image),
    });
  };
}
