import { setPublicOrigin } from './lib/public-origin.js';
import { issuedDocumentsRoutes } from './features/documents/issued-documents.routes.js';
import { legalIdentityRoutes } from './features/legal-identity/legal-identity.routes.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { articlesRoutes } from './features/articles/articles.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { categoriesRoutes } from './features/categories/categories.routes.js';
import { clientChannelsRoutes } from './features/clients/channels.routes.js';
import { clientsRoutes } from './features/clients/clients.routes.js';
import { countriesRoutes } from './features/countries/countries.routes.js';
import { depotUsersRoutes } from './features/depot-users/depot-users.routes.js';
import { depotsRoutes } from './features/depots/depots.routes.js';
import { documentsRoutes } from './features/documents/documents.routes.js';
import { reportsRoutes } from './features/reports/reports.routes.js';
import { stockRoutes } from './features/stock/stock.routes.js';
import { filesRoutes } from './features/files/files.routes.js';
import { invoiceTypesRoutes } from './features/invoice-types/invoice-types.routes.js';
import { invoicesRoutes } from './features/invoices/invoices.routes.js';
import { shopClientsRoutes } from './features/clients/shop-clients.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes.js';
import { profileRoutes } from './features/profile/profile.routes.js';
import { registrationRoutes } from './features/registration/registration.routes.js';
import { subscriptionsRoutes } from './features/subscriptions/subscriptions.routes.js';
import { shopsRoutes } from './features/shops/shops.routes.js';
import { usersRoutes } from './features/users/users.routes.js';
import { driversRoutes } from './features/drivers/drivers.routes.js';
import { receptionsRoutes } from './features/receptions/receptions.routes.js';
import { suppliersRoutes } from './features/suppliers/suppliers.routes.js';
import { cashRegistersRoutes } from './features/cash-registers/cash-registers.routes.js';
import { paymentsRoutes } from './features/payments/payments.routes.js';
import { salesRoutes } from './features/sales/sales.routes.js';
import { closingsRoutes } from './features/closings/closings.routes.js';
import { auditRoutes } from './features/audit/audit.routes.js';
import { deliveriesRoutes } from './features/deliveries/deliveries.routes.js';
import { bestClientsRoutes } from './features/best-clients/best-clients.routes.js';
import { deliveryLookupsRoutes } from './features/deliveries/delivery-lookups.routes.js';
import { paymentLookupsRoutes } from './features/payments/payment-lookups.routes.js';
import { receptionLookupsRoutes } from './features/receptions/reception-lookups.routes.js';
import { movementLookupsRoutes } from './features/stock/movement-lookups.routes.js';
import { registerAuth, isApiPath } from './plugins/auth.js';
import { handleFrameworkError, registerErrorHandler } from './plugins/error-handler.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { requestLogSerializer } from './plugins/log-redaction.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerTextRule } from './plugins/text-rule.js';
import { registerWriteRateLimit } from './plugins/write-rate-limit.js';

/** `logStream`: where log lines go instead of stdout (the test that no log line holds a secret). */
export type AppOptions = { config: Config; db: Db; logger?: boolean; logStream?: { write: (line: string) => void } };

const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export async function buildApp({ config, db, logger = true, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, serializers: { req: requestLogSerializer }, ...(logStream ? { stream: logStream } : {}) }
      : false,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: handleFrameworkError,
    // Every route validates and serializes with its zod schemas. Given here rather than by
    // setValidatorCompiler/setSerializerCompiler afterwards, Fastify never builds its default
    // compilers: ajv and fast-json-stringify (about 0.3 s of module loading) stay unloaded.
    // (The factories' types are ajv's and fast-json-stringify's, hence the cast.)
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  await registerSecurityHeaders(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  registerAuth(app, db);
  registerTextRule(app);
  registerIdempotency(app, db, { staleAfterSeconds: config.idempotencyStaleSeconds });

  // Counted in the database, so that the limits hold across several app servers (issue 23 C).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  registerWriteRateLimit(app, { max: config.writeRateLimit });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Boutiko API', version: '1.0.0', description: 'Shops, stock, invoices and cash desk for the FCFA zone.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  setPublicOrigin(config.publicUrl);
  await app.register(healthRoutes(db));
  await app.register(authRoutes(db, { signinRateLimit: config.signinRateLimit }));
  await app.register(profileRoutes(db));
  await app.register(shopsRoutes(db));
  await app.register(legalIdentityRoutes(db));
  await app.register(usersRoutes(db));
  await app.register(depotsRoutes(db));
  await app.register(depotUsersRoutes(db));
  await app.register(countriesRoutes());
  await app.register(clientsRoutes(db, { rateLimit: config.signinRateLimit }));
  await app.register(clientChannelsRoutes(db));
  await app.register(registrationRoutes(db, { signinRateLimit: config.signinRateLimit, activationPhones: config.activationPhones }));
  await app.register(passwordResetRoutes(db, config));
  await app.register(adminRoutes(db));
  await app.register(subscriptionsRoutes(db));
  await app.register(filesRoutes(db));
  await app.register(documentsRoutes(db));
  await app.register(issuedDocumentsRoutes(db, { rateLimit: config.signinRateLimit }));
  await app.register(categoriesRoutes(db));
  await app.register(articlesRoutes(db));
  await app.register(suppliersRoutes(db));
  await app.register(driversRoutes(db));
  await app.register(receptionsRoutes(db));
  await app.register(reportsRoutes(db));
  // Sales: shop clients, invoice types, invoices.
  await app.register(shopClientsRoutes(db));
  await app.register(invoiceTypesRoutes(db));
  await app.register(invoicesRoutes(db));
  await app.register(stockRoutes(db));
  await app.register(cashRegistersRoutes(db));
  await app.register(paymentsRoutes(db));
  await app.register(salesRoutes(db));
  await app.register(closingsRoutes(db));
  await app.register(auditRoutes(db));
  await app.register(deliveriesRoutes(db));
  await app.register(bestClientsRoutes(db));
  // Seed 001 §7 lookups that name no shop or read across a feature's lists.
  await app.register(receptionLookupsRoutes(db));
  await app.register(movementLookupsRoutes(db));
  await app.register(paymentLookupsRoutes(db));
  await app.register(deliveryLookupsRoutes(db));

  if (config.webDist) await serveWeb(app, config.webDist);
  return app;
}

/**
 * The built web app: hashed assets with long caching, index.html for every client route.
 * Missing /assets/* and /api/* paths stay 404s (ARCHITECTURE, Known on these machines).
 */
async function serveWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) throw new Error(`web app not built: ${index} is missing (run npm run build)`);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isApiPath(url) || url.startsWith('/assets/') || path.extname(url) !== '') {
      return reply.callNotFound();
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
