import type { QueryClient } from '@tanstack/react-query';

let loading: Promise<QueryClient> | undefined;
let loaded: QueryClient | undefined;

/**
 * The app's one TanStack Query client, made when first asked for (issue 20, Speed): the query
 * library (~25 KB minified) is not in the entry, since the landing page and the sign-in form
 * make no query. Every other screen asks for it with its code (`lazyNamed`); `QueryScope` provides it.
 */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    ({ createQueryClient }) => (loaded ??= createQueryClient()),
    (error: unknown) => {
      // Not downloaded (no network): asked again by the next screen.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The client if it has been made (a screen rendering with it at once, without suspending). */
export function loadedQueryClient(): QueryClient | undefined {
  return loaded;
}

/** Forgets every cached answer (sign-in, sign-out, expired session); nothing to do before any query. */
export function clearQueryCache(): void {
  loaded?.clear();
}
