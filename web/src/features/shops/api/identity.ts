import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchBlob } from '../../../lib/api-client';
import type { LegalIdentity as Identity, LegalIdentityBody as IdentityBody } from '@app/common/contracts/legal';
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

/** PUT /api/boutiques/{b}/identite/logo, multipart `file` (checked by content and re-encoded by the server). */
export function useUploadLogo() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idBoutique, file }: { idBoutique: number; file: File }) => {
      const formData = new FormData();
      formData.append('file', file);
      return apiFetch<Identity>(`/api/boutiques/${idBoutique}/identite/logo`, { method: 'PUT', formData });
    },
    onSuccess: (_, { idBoutique }) => invalidate(queryKeys.legal.identity(idBoutique)),
  });
}

/** The shop's logo (a private file): fetched with the token, shown through an object URL. */
export function useLogoImage(file: string | null | undefined) {
  return useQuery({
    queryKey: ['legal', 'logo', file ?? null],
    queryFn: async ({ signal }) => URL.createObjectURL(await apiFetchBlob(`/api/downloadFile/${file}`, { signal })),
    enabled: typeof file === 'string' && file !== '',
    staleTime: Infinity,
  });
}
