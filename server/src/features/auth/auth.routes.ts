import { okResponse } from '@app/common/contracts/common';
import { meResponse, signinBody, signinResponse } from '@app/common/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../lib/access.js';
import { endSession } from '../sessions/sessions.service.js';
import { signin } from './auth.service.js';
import { loadSessionUser } from './session-user.service.js';

export function authRoutes(db: Db, options: { signinRateLimit: number }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/auth/signin', {
      schema: { tags: ['auth'], body: signinBody, response: { 200: signinResponse } },
      config: { public: true, storeAnswer: false, rateLimit: { max: options.signinRateLimit, timeWindow: '1 minute' } },
      handler: (request) => signin(db, request.body),
    });

    app.post('/api/auth/logout', {
      schema: { tags: ['auth'], response: { 200: okResponse } },
      config: { permission: 'session:use', allowExpired: true, writeLimit: false },
      handler: async (request) => {
        await endSession(db, requireActor(request).sessionId);
        return { ok: true as const };
      },
    });

    app.get('/api/auth/me', {
      schema: { tags: ['auth'], response: { 200: meResponse } },
      config: { permission: 'session:use' },
      handler: (request) => loadSessionUser(db, requireActor(request).userId),
    });
  };
}
