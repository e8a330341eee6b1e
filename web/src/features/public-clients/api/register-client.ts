import type { ClientChannel, ClientRegistrationBody, RegisteredClient } from '@app/common/contracts/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/auth/clients/{s2asport|win}: the client joins the shop configured for the channel. */
export function registerClient(
  channel: ClientChannel,
  body: ClientRegistrationBody,
  idempotencyKey: string,
): Promise<RegisteredClient> {
  return apiFetch<RegisteredClient>(`/api/auth/clients/${channel}`, { method: 'POST', body, idempotencyKey });
}

export function useRegisterClient(channel: ClientChannel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ClientRegistrationBody; idempotencyKey: string }) =>
      registerClient(channel, body, idempotencyKey),
    // The e-mail and phone just registered are taken now.
    onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.exists.all }),
  });
}
