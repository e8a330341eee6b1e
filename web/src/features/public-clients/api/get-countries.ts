import type { Country } from '@app/common/contracts/clients';
import type { Language } from '@app/common/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/auth/pays?lang=: every country with its dial prefix, named and sorted in `lang`. */
export function getCountries(lang: Language, signal?: AbortSignal): Promise<Country[]> {
  return apiFetch<Country[]>(`/api/auth/pays?lang=${lang}`, { signal });
}

export const countriesQuery = (lang: Language) =>
  queryOptions({
    queryKey: queryKeys.countries(lang),
    queryFn: ({ signal }) => getCountries(lang, signal),
    staleTime: Infinity,
  });

export function useCountries(lang: Language) {
  return useQuery(countriesQuery(lang));
}
