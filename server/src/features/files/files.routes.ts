import { idParam } from '@app/common/contracts/ids';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../lib/access.js';
import { readFile, readThumbnail } from './files.service.js';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/bmp': 'bmp' };

/**
 * An image with the type it was stored with (checked and re-encoded on upload), shown inline
 * under a name of our own (never the uploaded one); nosniff so that no browser guesses another
 * type. The API's signed-in answers are `no-store` (app.ts): the bytes depend on who asks.
 */
function sendImage(reply: FastifyReply, name: string, file: { contentType: string; bytes: Buffer }) {
  const extension = EXTENSIONS[file.contentType] ?? 'bin';
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${name}.${extension}"`)
    .send(file.bytes);
}

/** Stored images (proofs of payment, later article images), served only to those allowed. */
export function filesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const params = z.object({ idFile: idParam });

    app.get('/api/files/:idFile', {
      schema: { tags: ['files'], params },
      config: { permission: 'session:use' },
      handler: async (request, reply) =>
        sendImage(reply, `image-${request.params.idFile}`, await readFile(db, requireActor(request), request.params.idFile)),
    });

    app.get('/api/files/:idFile/thumbnail', {
      schema: { tags: ['files'], params },
      config: { permission: 'session:use' },
      handler: async (request, reply) =>
        sendImage(
          reply,
          `image-${request.params.idFile}-thumbnail`,
          await readThumbnail(db, requireActor(request), request.params.idFile),
        ),
    });
  };
}
