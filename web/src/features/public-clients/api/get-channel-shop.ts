import type { ChannelShop, ClientChannel } from '@app/common/contracts/clients';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/auth/clients/{channel}/boutique: the shop the channel's sign-up page registers into. */
export function getChannelShop(channel: ClientChannel, signal?: AbortSignal): Promise<ChannelShop> {
  return apiFetch<ChannelShop>(`/api/auth/clients/${channel}/boutique`, { signal });
}

export function useChannelShop(channel: ClientChannel) {
  return useQuery({
    queryKey: queryKeys.channelShop(channel),
    queryFn: ({ signal }) => getChannelShop(channel, signal),
    staleTime: 5 * 60_000,
    // 503 (no shop configured) is an answer, not a glitch to retry.
    retry: false,
  });
}
