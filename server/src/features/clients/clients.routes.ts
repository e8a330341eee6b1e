import {
  channelShop,
  clientRegistrationBody,
  existsAnswer,
  registeredClient,
  type ClientChannel,
} from '@app/common/contracts/clients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { channelShopCard, clientEmailExists, clientPhoneExists, registerClient } from './clients.service.js';

const tags = ['clients'];

/**
 * Public client self-registration (seed 000 §2, §7; DECISIONS §9): no sign-in, rate-limited
 * per address like sign-in. The checks under /check/client/ are the s2asport channel's.
 */
export function clientsRoutes(db: Db, options: { rateLimit: number }): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { public: true, rateLimit: { max: options.rateLimit, timeWindow: '1 minute' } } as const;
    const checks: { channel: ClientChannel; prefix: string }[] = [
      { channel: 's2asport', prefix: '/api/auth/check/client' },
      { channel: 'win', prefix: '/api/auth/check/client/win' },
    ];

    for (const channel of ['s2asport', 'win'] as const) {
      app.post(`/api/auth/clients/${channel}`, {
        schema: { tags, body: clientRegistrationBody, response: { 201: registeredClient } },
        config,
        handler: async (request, reply) => reply.status(201).send(await registerClient(db, channel, request.body)),
      });
      app.get(`/api/auth/clients/${channel}/boutique`, {
        schema: { tags, response: { 200: channelShop } },
        config,
        handler: () => channelShopCard(db, channel),
      });
    }

    for (const { channel, prefix } of checks) {
      app.get(`${prefix}/email/:mail`, {
        schema: { tags, params: z.object({ mail: z.string().max(255) }), response: { 200: existsAnswer } },
        config,
        handler: (request) => clientEmailExists(db, channel, request.params.mail),
      });

      app.get(`${prefix}/tel/:tel`, {
        schema: {
          tags,
          params: z.object({ tel: z.string().max(30) }),
          querystring: z.object({
            country: z
              .string()
              .regex(/^[A-Za-z]{2}$/)
              .optional(),
          }),
          response: { 200: existsAnswer },
        },
        config,
        handler: (request) => clientPhoneExists(db, channel, request.params.tel, request.query.country),
      });
    }
  };
}
