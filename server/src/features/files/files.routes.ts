import { idParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../lib/access.js';
import { readFile } from './files.service.js';

/** Stored images (proofs of payment, later article images), served only to those allowed. */
export function filesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/files/:idFile', {
      schema: { tags: ['files'], params: z.object({ idFile: idParam }) },
      config: { permission: 'session:use' },
      handler: async (request, reply) => {
        const file = await readFile(db, requireActor(request), request.params.idFile);
        // Private: the bytes depend on who asks. nosniff: the stored type is the one checked.
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(file.bytes);
      },
    });
  };
}
