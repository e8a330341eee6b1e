import type { ClientChannelRow } from '@app/common/contracts/client-channels';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const CLIENT_CHANNELS_QUERY_KEY = ['client-channels'] as const;

/** GET /api/client-channels: the two public channels and the shop each feeds. */
export function getClientChannels(signal?: AbortSignal): Promise<ClientChannelRow[]> {
  return apiFetch<ClientChannelRow[]>('/api/client-channels', { signal });
}

export function useClientChannels() {
  return useQuery({ queryKey: CLIENT_CHANNELS_QUERY_KEY, queryFn: ({ signal }) => getClientChannels(signal) });
}
