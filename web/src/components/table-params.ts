/** The list's page and search term live in the URL (`?page=3&q=awa`): reload and back keep them. */
export const PAGE_PARAM = 'page';
export const SEARCH_PARAM = 'q';
/** Longest search term kept (the search box's own limit). */
export const SEARCH_MAX_LENGTH = 100;

export type TableParams = { page: number; term: string };

/** Reads page and term from the URL; anything odd (page "abc", "-2", "1e9") falls back to page 1. */
export function readTableParams(params: URLSearchParams): TableParams {
  const rawPage = params.get(PAGE_PARAM) ?? '';
  const page = /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : 1;
  const term = (params.get(SEARCH_PARAM) ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  return { page, term };
}

/**
 * The URL's params with page and term set; page 1 and an empty term are left out so that a
 * plain list keeps a plain address. Other params stay as they are.
 */
export function writeTableParams(params: URLSearchParams, next: TableParams): URLSearchParams {
  const result = new URLSearchParams(params);
  if (next.page > 1) result.set(PAGE_PARAM, String(next.page));
  else result.delete(PAGE_PARAM);
  const term = next.term.trim();
  if (term) result.set(SEARCH_PARAM, term);
  else result.delete(SEARCH_PARAM);
  return result;
}
