import type { SubscriptionLine } from '@app/common/contracts/admin';
import type { Page } from '@app/common/contracts/paging';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/ligne/abonnement/{p}[/{search}]: pending lines first, then the newest. */
export function getSubscriptionLinesPage(page: number, term: string, signal?: AbortSignal): Promise<Page<SubscriptionLine>> {
  const path = term ? `/api/ligne/abonnement/${page}/${encodeURIComponent(term)}` : `/api/ligne/abonnement/${page}`;
  return apiFetch<Page<SubscriptionLine>>(path, { signal });
}
