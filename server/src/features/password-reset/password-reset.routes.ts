import { okResponse } from '@app/common/contracts/common';
import { forgetPasswordBody, resetPasswordBody } from '@app/common/contracts/password-reset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createMailer } from '../../lib/mailer.js';
import { requestPasswordReset, resetPassword } from './password-reset.service.js';

const tags = ['auth'];

/** Forgot password and the reset screen's call; public and rate-limited per address (DECISIONS §3). */
export function passwordResetRoutes(db: Db, config: Config): FastifyPluginAsyncZod {
  const rateLimit = { max: config.signinRateLimit, timeWindow: '1 minute' };
  return async (app) => {
    const mailer = createMailer(config, app.log);

    app.post('/api/auth/forget_password', {
      schema: { tags, body: forgetPasswordBody, response: { 200: okResponse } },
      config: { public: true, rateLimit },
      handler: async (request) => {
        await requestPasswordReset(db, mailer, config.publicUrl, request.body);
        return { ok: true as const };
      },
    });

    app.post('/api/auth/reset_password', {
      schema: { tags, body: resetPasswordBody, response: { 200: okResponse } },
      config: { public: true, rateLimit },
      handler: async (request) => {
        await resetPassword(db, request.body);
        return { ok: true as const };
      },
    });
  };
}
