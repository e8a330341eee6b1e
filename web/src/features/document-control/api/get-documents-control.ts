import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { DocumentsControl } from '@app/common/contracts/legal';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/documents/controle/{b} (director): checks every chain of the shop now; a heavy read. */
export function useDocumentsControl(idBoutique: number) {
  return useQuery({
    queryKey: queryKeys.legal.control(idBoutique),
    queryFn: ({ signal }) => apiFetch<DocumentsControl>(`/api/documents/controle/${idBoutique}`, { signal, heavy: true }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
