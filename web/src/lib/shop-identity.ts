import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import type { LegalIdentity as Identity } from '@app/common/contracts/legal';
import { queryKeys } from './query-keys';

/** GET /api/boutiques/{b}/identite: the shop's legal identity (empty fields when never filled). */
export function getShopIdentity(idBoutique: number, signal?: AbortSignal): Promise<Identity> {
  return apiFetch<Identity>(`/api/boutiques/${idBoutique}/identite`, { signal });
}

/** The shop's legal identity, read by its dialog and by the article dialog (its VAT rates). */
export function useShopIdentity(idBoutique: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.legal.identity(idBoutique ?? 0),
    queryFn: ({ signal }) => getShopIdentity(idBoutique ?? 0, signal),
    enabled: enabled && idBoutique !== null,
    staleTime: 60_000,
    retry: false,
  });
}
