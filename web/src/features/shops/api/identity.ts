import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Identity, IdentityBody } from '../../../lib/legal-wire';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/** PUT /api/boutiques/{b}/identite (director). */
export function useSaveIdentity() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idBoutique, body, idempotencyKey }: { idBoutique: number; body: IdentityBody; idempotencyKey: string }) =>
      apiFetch<Identity>(`/api/boutiques/${idBoutique}/identite`, { method: 'PUT', body, idempotencyKey }),
    onSuccess: (_, { idBoutique }) => invalidate(queryKeys.legal.identity(idBoutique)),
  });
}
