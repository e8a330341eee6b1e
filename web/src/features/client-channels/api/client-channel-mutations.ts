import type { ClientChannelRow, SetClientChannelBody } from '@app/common/contracts/client-channels';
import type { ClientChannel } from '@app/common/contracts/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { CLIENT_CHANNELS_QUERY_KEY } from './get-client-channels';

/** PUT /api/client-channels/{channel}. */
export function setClientChannel(channel: ClientChannel, body: SetClientChannelBody, idempotencyKey: string) {
  return apiFetch<ClientChannelRow>(`/api/client-channels/${channel}`, { method: 'PUT', body, idempotencyKey });
}

/** DELETE /api/client-channels/{channel}: the public page says registration is not open. */
export function closeClientChannel(channel: ClientChannel, idempotencyKey: string) {
  return apiFetch<ClientChannelRow>(`/api/client-channels/${channel}`, { method: 'DELETE', idempotencyKey });
}

function useAfterChange() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: CLIENT_CHANNELS_QUERY_KEY });
}

export function useSetClientChannel() {
  const onSettled = useAfterChange();
  return useMutation({
    mutationFn: ({
      channel,
      body,
      idempotencyKey,
    }: {
      channel: ClientChannel;
      body: SetClientChannelBody;
      idempotencyKey: string;
    }) => setClientChannel(channel, body, idempotencyKey),
    // A refusal (taken meanwhile) changes what the screen should show too.
    onSettled,
  });
}

export function useCloseClientChannel() {
  const onSettled = useAfterChange();
  return useMutation({
    mutationFn: ({ channel, idempotencyKey }: { channel: ClientChannel; idempotencyKey: string }) =>
      closeClientChannel(channel, idempotencyKey),
    onSettled,
  });
}
