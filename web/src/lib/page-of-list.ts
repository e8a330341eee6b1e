import { PAGE_SIZE } from '@app/common/constants';
import type { Page } from '@app/common/contracts/paging';

/** Lower-case, without accents: "Éric" is found by "eric". */
export function searchable(value: string | null | undefined): string {
  return (value ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr-FR').trim();
}

/**
 * A server-shaped page of a list the API answers whole (GET /api/users_admin/ is short), so
 * that it shows in the same paged table: rows whose fields contain the term, then one page.
 */
export function pageOfList<T>(
  items: readonly T[],
  page: number,
  term: string,
  fields: (item: T) => (string | null | undefined)[],
  size: number = PAGE_SIZE,
): Page<T> {
  const needle = searchable(term);
  const matching = needle ? items.filter((item) => fields(item).some((field) => searchable(field).includes(needle))) : [...items];
  const last = Math.max(1, Math.ceil(matching.length / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), last);
  return {
    data: matching.slice((current - 1) * size, current * size),
    current_page: current,
    last_page: last,
    total: matching.length,
  };
}
