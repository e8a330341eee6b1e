import type { Page } from '@app/common/contracts/paging';
import type { Reception, ReceptionInput } from '@app/common/contracts/receptions';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/** GET /api/reception/directeur/page/{b}/{p}[/{search}]: all of the shop's, or the caller's own (the server decides). */
export function getReceptionsPage(
  idBoutique: number,
  page: number,
  term: string,
  signal?: AbortSignal,
): Promise<Page<Reception>> {
  const base = `/api/reception/directeur/page/${idBoutique}/${page}`;
  return apiFetch<Page<Reception>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}

/** An article as the reception dialog offers it (the articles API answers more). */
export type ArticleChoice = { idArticle: number; designation: string; prix: number; prixAchat: number };

/** The shop's articles matching a term (first page of GET /api/articles/page/{b}/1[/{q}]). */
export async function searchArticles(idBoutique: number, term: string, signal?: AbortSignal): Promise<ArticleChoice[]> {
  const base = `/api/articles/page/${idBoutique}/1`;
  const page = await apiFetch<Page<ArticleChoice>>(term.trim() ? `${base}/${encodeURIComponent(term.trim())}` : base, {
    signal,
    heavy: true,
  });
  return page.data;
}

export type SaveReceptionInput = { idReception: number | null; body: ReceptionInput; idempotencyKey: string };

/** Stock lists and movements change with a reception: their keys are not known here, so everything reloads. */
export function useSaveReception() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idReception, body, idempotencyKey }: SaveReceptionInput) =>
      idReception === null
        ? apiFetch<Reception>('/api/reception', { method: 'POST', body, idempotencyKey })
        : apiFetch<Reception>(`/api/reception/${idReception}`, { method: 'PUT', body, idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.receptions.all),
  });
}

export function useDeleteReception() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idReception, idempotencyKey }: { idReception: number; idempotencyKey: string }) =>
      apiFetch<unknown>(`/api/reception/${idReception}`, { method: 'DELETE', idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.receptions.all),
  });
}
