import type { RegistrationResponse } from '@app/common/contracts/registration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type RegisterDirectorInput = { custom: boolean; formData: FormData; idempotencyKey: string };

/**
 * POST /api/auth/users/abonnement (Bronze, Argent: proof required) or
 * /api/auth/users/abonnement/personnalise (counts, proof optional), as multipart with the
 * proof image; the upload gets the 30 s timeout of the API client.
 */
export function registerDirector({ custom, formData, idempotencyKey }: RegisterDirectorInput): Promise<RegistrationResponse> {
  const path = custom ? '/api/auth/users/abonnement/personnalise' : '/api/auth/users/abonnement';
  return apiFetch<RegistrationResponse>(path, { method: 'POST', formData, idempotencyKey });
}

export function useRegisterDirector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDirector,
    // The e-mail, username and phone just registered are taken now: no cached "free" answer survives.
    onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.exists.all }),
  });
}
