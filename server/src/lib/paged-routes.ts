import type { Language } from '@app/common/languages';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam, type Page } from '@app/common/contracts/paging';
import type { Permission } from '@app/common/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireShop, type ShopContext } from './access.js';
import { requestLanguage } from './i18n.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A shop's paged list under several prefixes, each as `{prefix}/:b/:p` and `{prefix}/:b/:p/:q`
 * (seed 001's list calls): the directors' list of every record and the list of the caller's own
 * records share one query, told apart by `ownOnly`.
 */
export function shopPageRoutes<Item extends z.ZodTypeAny>(
  app: ZodApp,
  options: {
    tags: string[];
    item: Item;
    permission: Permission;
    lists: { prefix: string; ownOnly: boolean }[];
    page: (
      ctx: ShopContext,
      query: { page: number; term?: string; ownOnly: boolean },
      language: Language,
    ) => Promise<Page<z.infer<Item>>>;
  },
): void {
  const term = z.string().max(100);
  for (const { prefix, ownOnly } of options.lists) {
    for (const withTerm of [false, true]) {
      app.get(withTerm ? `${prefix}/:b/:p/:q` : `${prefix}/:b/:p`, {
        schema: {
          tags: options.tags,
          params: withTerm ? z.object({ b: idParam, p: pageParam, q: term }) : z.object({ b: idParam, p: pageParam }),
          response: { 200: pageOf(options.item) },
        },
        config: { permission: options.permission },
        handler: (request) => {
          const params = request.params as { p: number; q?: string };
          return options.page(
            requireShop(request),
            { page: params.p, term: params.q, ownOnly },
            requestLanguage(request.headers, request.query),
          );
        },
      });
    }
  }
}
