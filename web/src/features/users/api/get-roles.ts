import type { RoleOption } from '@app/common/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/roles_directeur: the roles a director may give (2 to 6). */
export function getAssignableRoles(signal?: AbortSignal): Promise<RoleOption[]> {
  return apiFetch<RoleOption[]>('/api/roles_directeur', { signal });
}

export function useAssignableRoles(enabled = true) {
  return useQuery({
    queryKey: queryKeys.roles.assignable,
    queryFn: ({ signal }) => getAssignableRoles(signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}
