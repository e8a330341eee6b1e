import { requestLanguage } from '../../lib/i18n.js';
import {
  customRegistrationBody,
  existsResponse,
  plan,
  registrationResponse,
  standardRegistrationBody,
} from '@app/common/contracts/registration';
import { activationContact } from '@app/common/contracts/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { multipartBody } from '../files/uploads.service.js';
import { listPlans } from '../subscriptions/plans.service.js';
import { checkEmail, checkPhone, checkUsername, registerCustom, registerStandard } from './registration.service.js';

const tags = ['registration'];
const checkParam = z.string().trim().min(1).max(255);

/**
 * Public registration of a director (seed 000 §2 Register, §7). The writes and the live checks
 * are rate-limited per address like sign-in (DECISIONS §3).
 */
export function registrationRoutes(
  db: Db,
  options: { signinRateLimit: number; activationPhones: string[] },
): FastifyPluginAsyncZod {
  const rateLimit = { max: options.signinRateLimit, timeWindow: '1 minute' };
  return async (app) => {
    app.get('/api/abonnements/', {
      schema: { tags, response: { 200: z.array(plan) } },
      config: { public: true },
      handler: () => listPlans(db),
    });

    // The register dialog's activation phone numbers come from the server's configuration (ACTIVATION_PHONES).
    app.get('/api/auth/contact', {
      schema: { tags, response: { 200: activationContact } },
      config: { public: true },
      handler: () => ({ activationPhones: options.activationPhones }),
    });

    app.post('/api/auth/users/abonnement', {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        body: standardRegistrationBody,
        response: { 201: registrationResponse },
      },
      config: { public: true, rateLimit },
      preValidation: multipartBody,
      handler: async (request, reply) =>
        reply.status(201).send(await registerStandard(db, request.body, requestLanguage(request.headers, request.query))),
    });

    app.post('/api/auth/users/abonnement/personnalise', {
      schema: { tags, consumes: ['multipart/form-data'], body: customRegistrationBody, response: { 201: registrationResponse } },
      config: { public: true, rateLimit },
      preValidation: multipartBody,
      handler: async (request, reply) =>
        reply.status(201).send(await registerCustom(db, request.body, requestLanguage(request.headers, request.query))),
    });

    app.get('/api/auth/check/email/:mail', {
      schema: { tags, params: z.object({ mail: checkParam }), response: { 200: existsResponse } },
      config: { public: true, rateLimit },
      handler: (request) => checkEmail(db, request.params.mail),
    });

    app.get('/api/auth/check_username/:name', {
      schema: { tags, params: z.object({ name: checkParam }), response: { 200: existsResponse } },
      config: { public: true, rateLimit },
      handler: (request) => checkUsername(db, request.params.name),
    });

    app.get('/api/auth/check/telephone/:tel', {
      schema: { tags, params: z.object({ tel: checkParam }), response: { 200: existsResponse } },
      config: { public: true, rateLimit },
      handler: (request) => checkPhone(db, request.params.tel),
    });
  };
}
