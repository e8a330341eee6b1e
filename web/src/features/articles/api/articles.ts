import type { Article, CreateArticleBody, ImportResult, UpdateArticleBody } from '@app/common/contracts/articles';
import type { Category } from '@app/common/contracts/categories';
import type { Page } from '@app/common/contracts/paging';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchBlob } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/** GET /api/articles/page/{b}/{p}[/{q}]: articles with their stock per depot. */
export function getArticlesPage(idBoutique: number, page: number, term: string, signal?: AbortSignal): Promise<Page<Article>> {
  const base = `/api/articles/page/${idBoutique}/${page}`;
  return apiFetch<Page<Article>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal, heavy: true });
}

/** GET /api/categories_boutique/{b}: the category picker. */
export function getShopCategories(idBoutique: number, signal?: AbortSignal): Promise<Category[]> {
  return apiFetch<Category[]>(`/api/categories_boutique/${idBoutique}`, { signal });
}

export type SupplierOption = { idFournisseur: number; raisonSociale: string };

/**
 * GET /api/fournisseurs_boutique/{b}: the supplier picker. Suppliers are another feature's
 * screen; until their API answers, the picker is left out (the field is optional).
 */
export function useShopSuppliers(idBoutique: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.articles.suppliers(idBoutique),
    queryFn: ({ signal }) => apiFetch<SupplierOption[]>(`/api/fournisseurs_boutique/${idBoutique}`, { signal }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

export function useArticle(idArticle: number | null) {
  return useQuery({
    queryKey: queryKeys.articles.detail(idArticle ?? 0),
    queryFn: ({ signal }) => apiFetch<Article>(`/api/articles/${idArticle}`, { signal }),
    enabled: idArticle !== null,
    staleTime: 0,
  });
}

/** An article image (`image-{id}`) needs the bearer token: fetched as a blob, shown through an object URL. */
export function useArticleImage(file: string | null) {
  return useQuery({
    queryKey: queryKeys.articles.image(file),
    queryFn: async ({ signal }) => URL.createObjectURL(await apiFetchBlob(`/api/downloadFile/${file}`, { signal })),
    enabled: file !== null,
    staleTime: Infinity,
  });
}

function useAfterChange() {
  const invalidate = useInvalidate();
  return () => invalidate(queryKeys.articles.all, queryKeys.categories.all);
}

export type SaveArticleInput =
  | { idArticle: null; body: CreateArticleBody; idempotencyKey: string }
  | { idArticle: number; body: UpdateArticleBody; idempotencyKey: string };

export function useSaveArticle() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (input: SaveArticleInput) =>
      input.idArticle === null
        ? apiFetch<Article>('/api/articles_all', { method: 'POST', body: input.body, idempotencyKey: input.idempotencyKey })
        : apiFetch<Article>(`/api/articles/${input.idArticle}`, {
            method: 'PUT',
            body: input.body,
            idempotencyKey: input.idempotencyKey,
          }),
    onSuccess: afterChange,
  });
}

export function useDeleteArticle() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idArticle, idempotencyKey }: { idArticle: number; idempotencyKey: string }) =>
      apiFetch<{ ok: true; archived: boolean }>(`/api/articles/${idArticle}`, { method: 'DELETE', idempotencyKey }),
    onSuccess: afterChange,
  });
}

/** PUT /api/article/image/add/{id}, multipart `file`. */
export function useUploadArticleImage() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idArticle, file }: { idArticle: number; file: File }) => {
      const formData = new FormData();
      formData.append('file', file);
      return apiFetch<Article>(`/api/article/image/add/${idArticle}`, { method: 'PUT', formData });
    },
    onSuccess: afterChange,
  });
}

/** POST /api/articles/import/{b}: `apply` false checks only (the preview). */
export function useImportArticles(idBoutique: number) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: { depot: number; csv: string; apply: boolean }) =>
      apiFetch<ImportResult>(`/api/articles/import/${idBoutique}`, { method: 'POST', body, heavy: true }),
    onSuccess: (_result, body) => {
      if (body.apply) afterChange();
    },
  });
}

/** GET /api/articles/export/{b}: the shop's stock list as CSV, saved by the browser. */
export async function downloadArticlesCsv(idBoutique: number): Promise<void> {
  const blob = await apiFetchBlob(`/api/articles/export/${idBoutique}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'articles.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
