import type { SubscriptionLine, UpdateSubscriptionLineBody } from '@app/common/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/**
 * The Activer action: GET /api/users/active/{idUser}/{idLigne} (a GET that writes, as the
 * seed calls it; the second segment is the line). Activating twice changes nothing.
 */
export function activateLine(line: Pick<SubscriptionLine, 'idLigne' | 'users'>, signal?: AbortSignal): Promise<SubscriptionLine> {
  return apiFetch<SubscriptionLine>(`/api/users/active/${line.users.idUser}/${line.idLigne}`, { signal });
}

/** PUT /api/ligne/abonnement/{idLigne}: plan and period (DECISIONS §10: the dialog saves). */
export function updateLine(idLigne: number, body: UpdateSubscriptionLineBody, idempotencyKey: string): Promise<SubscriptionLine> {
  return apiFetch<SubscriptionLine>(`/api/ligne/abonnement/${idLigne}`, { method: 'PUT', body, idempotencyKey });
}

/** Activation changes the directors' active chip too. */
function useAfterChange() {
  const invalidate = useInvalidate();
  return () => invalidate(queryKeys.admin.subscriptionLines, queryKeys.admin.directors);
}

export function useActivateLine() {
  const afterChange = useAfterChange();
  return useMutation({ mutationFn: (line: SubscriptionLine) => activateLine(line), onSuccess: afterChange });
}

export function useUpdateLine() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({
      idLigne,
      body,
      idempotencyKey,
    }: {
      idLigne: number;
      body: UpdateSubscriptionLineBody;
      idempotencyKey: string;
    }) => updateLine(idLigne, body, idempotencyKey),
    onSuccess: afterChange,
  });
}
