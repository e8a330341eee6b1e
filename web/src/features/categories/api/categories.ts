import type { Category, CategoryBody } from '@app/common/contracts/categories';
import type { Page } from '@app/common/contracts/paging';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/** GET /api/categorie/page/{b}/{p}[/{q}]. */
export function getCategoriesPage(idBoutique: number, page: number, term: string, signal?: AbortSignal): Promise<Page<Category>> {
  const base = `/api/categorie/page/${idBoutique}/${page}`;
  return apiFetch<Page<Category>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}

export type SaveCategoryInput = { idCategorie: number | null; body: CategoryBody; idempotencyKey: string };

/** Article lists show category labels: they reload too. */
function useAfterChange() {
  const invalidate = useInvalidate();
  return () => invalidate(queryKeys.categories.all, queryKeys.articles.all);
}

export function useSaveCategory() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idCategorie, body, idempotencyKey }: SaveCategoryInput) =>
      idCategorie === null
        ? apiFetch<Category>('/api/categories', { method: 'POST', body, idempotencyKey })
        : apiFetch<Category>(`/api/categories/${idCategorie}`, { method: 'PUT', body, idempotencyKey }),
    onSuccess: afterChange,
  });
}

export function useDeleteCategory() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idCategorie, idempotencyKey }: { idCategorie: number; idempotencyKey: string }) =>
      apiFetch<unknown>(`/api/categories/${idCategorie}`, { method: 'DELETE', idempotencyKey }),
    onSuccess: afterChange,
  });
}
