import { auditEntry } from '@app/common/contracts/audit';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireShop } from '../../lib/access.js';
import { pageAudit } from './audit.service.js';

const tags = ['audit'];
const config = { permission: 'audit:read' } as const;

/** The audit trail, read-only, for the shop's directors (issue 12). */
export function auditRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/audit/page/:b/:p', {
      schema: { tags, params: z.object({ b: idParam, p: pageParam }), response: { 200: pageOf(auditEntry) } },
      config,
      handler: (request) => pageAudit(db, requireShop(request), { page: request.params.p }),
    });

    app.get('/api/audit/page/:b/:p/:search', {
      schema: {
        tags,
        params: z.object({ b: idParam, p: pageParam, search: z.string().max(100) }),
        response: { 200: pageOf(auditEntry) },
      },
      config,
      handler: (request) => pageAudit(db, requireShop(request), { page: request.params.p, term: request.params.search }),
    });
  };
}
