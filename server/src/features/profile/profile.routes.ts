import { meResponse } from '@app/common/contracts/auth';
import { idParam } from '@app/common/contracts/ids';
import { profileBody } from '@app/common/contracts/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../lib/access.js';
import { updateProfile } from './profile.service.js';

export function profileRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.put('/e2v/api/profil/:idU', {
      schema: { tags: ['profile'], params: z.object({ idU: idParam }), body: profileBody, response: { 200: meResponse } },
      config: { permission: 'session:use', allowExpired: true },
      handler: (request) => updateProfile(db, requireActor(request), request.params.idU, request.body),
    });
  };
}
