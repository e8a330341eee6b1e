import { clientChannel, clientChannelName, setClientChannelBody } from '@app/common/contracts/client-channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { closeClientChannel, listClientChannels, setClientChannel } from './channels.service.js';

const tags = ['clients'];
const params = z.object({ channel: clientChannelName });

/** A director's choice of the shop each public client channel feeds (app/canaux-clients). */
export function clientChannelsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { permission: 'clientChannels:manage' } as const;

    app.get('/api/client-channels', {
      schema: { tags, response: { 200: z.array(clientChannel) } },
      config,
      handler: (request) => listClientChannels(db, requireActor(request)),
    });

    app.put('/api/client-channels/:channel', {
      schema: { tags, params, body: setClientChannelBody, response: { 200: clientChannel } },
      config,
      handler: (request) => setClientChannel(db, requireShop(request), request.params.channel),
    });

    app.delete('/api/client-channels/:channel', {
      schema: { tags, params, response: { 200: clientChannel } },
      config,
      handler: (request) => closeClientChannel(db, requireActor(request), request.params.channel),
    });
  };
}
