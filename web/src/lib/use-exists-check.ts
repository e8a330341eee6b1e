import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** The live checks are rate-limited per address: one call per pause in typing, never per key stroke. */
export const EXISTS_CHECK_DELAY_MS = 400;

export type ExistsCheck = {
  /** The value is already registered: show the alert and keep submit disabled. */
  exists: boolean;
  checking: boolean;
};

/**
 * Live existence check of a form field (seed 000 §5/§8: existing e-mail, username, phone).
 * Only values that look valid are sent (`plausible`), once typing pauses for 400 ms; a failed
 * check (network, rate limit) shows no alert, the server refuses a duplicate anyway.
 */
export function useExistsCheck(
  kind: readonly string[],
  value: string,
  plausible: boolean,
  check: (value: string, signal: AbortSignal) => Promise<number>,
): ExistsCheck {
  const candidate = plausible ? value : '';
  const [settled] = useDebouncedValue(candidate, EXISTS_CHECK_DELAY_MS);
  const current = settled !== '' && settled === candidate;
  const query = useQuery({
    // Cached under queryKeys.exists.all, which a successful registration clears.
    queryKey: queryKeys.exists.check(kind, settled),
    queryFn: ({ signal }) => check(settled, signal),
    enabled: current,
    retry: false,
    staleTime: 60_000,
  });
  return { exists: current && query.data === 1, checking: current && query.isFetching };
}
