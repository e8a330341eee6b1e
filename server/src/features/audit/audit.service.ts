import type { AuditEntry } from '@app/common/contracts/audit';
import type { Page } from '@app/common/contracts/paging';
import type { Db } from '../../db/client.js';
import type { ShopContext } from '../../lib/access.js';
import { toPage } from '../../lib/paging.js';
import { listAudit } from './audit.queries.js';

/** The shop's audit trail, newest first, searchable by action, entity or user. */
export async function pageAudit(db: Db, ctx: ShopContext, options: { page: number; term?: string }): Promise<Page<AuditEntry>> {
  const { rows, total } = await listAudit(db, { shopId: ctx.shopId, accountId: ctx.accountId, ...options });
  return toPage(
    rows.map(({ entry, username, nom, prenom }) => ({
      id: entry.id,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before,
      after: entry.after,
      createdAt: new Date(entry.createdAt).toISOString(),
      user: username === null ? null : { username, nom: nom ?? '', prenom: prenom ?? '' },
    })),
    total,
    options.page,
  );
}
