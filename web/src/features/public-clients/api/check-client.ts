import type { ClientChannel } from '@app/common/contracts/clients';
import { apiFetch } from '../../../lib/api-client';

/** The s2asport channel's checks live directly under /check/client/, the others under their name. */
const prefix = (channel: ClientChannel) =>
  channel === 's2asport' ? '/api/auth/check/client' : `/api/auth/check/client/${channel}`;

/** GET …/email/{mail}: 1 when a client of the channel's shop has this e-mail. */
export function checkClientEmail(channel: ClientChannel, email: string, signal?: AbortSignal): Promise<number> {
  return apiFetch<number>(`${prefix(channel)}/email/${encodeURIComponent(email)}`, { signal });
}

/** GET …/tel/{tel}?country=CI: the number as typed, read in that country's numbering. */
export function checkClientPhone(channel: ClientChannel, tel: string, countryId: string, signal?: AbortSignal): Promise<number> {
  return apiFetch<number>(`${prefix(channel)}/tel/${encodeURIComponent(tel)}?country=${encodeURIComponent(countryId)}`, {
    signal,
  });
}
