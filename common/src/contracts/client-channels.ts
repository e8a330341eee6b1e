import { z } from 'zod';
import { CLIENT_CHANNELS } from './clients.js';
import { shopRef } from './depots.js';
import { requiredId } from './ids.js';

/** A public client self-registration channel, by its API name (page registers2asport / registerwin). */
export const clientChannelName = z.enum(CLIENT_CHANNELS);

/** The public page of each channel, under /{lang}/ (seed 000 §2). */
export const CLIENT_CHANNEL_PAGES = { s2asport: 'registers2asport', win: 'registerwin' } as const;

/**
 * Who a channel feeds, as a director sees it: `free` (nobody: the public page says it is not
 * open), `mine` (a shop of the caller's account; `boutique` names it when the caller belongs to
 * it) or `taken` (another account's shop, never named).
 */
export const clientChannelStatus = z.enum(['free', 'mine', 'taken']);
export type ClientChannelStatus = z.infer<typeof clientChannelStatus>;

/** GET /api/client-channels: one row per channel. */
export const clientChannel = z.object({
  channel: clientChannelName,
  page: z.string(),
  status: clientChannelStatus,
  boutique: shopRef.nullable(),
});
export type ClientChannelRow = z.infer<typeof clientChannel>;

/** PUT /api/client-channels/{channel}: the shop (one of the caller's) the channel feeds from now on. */
export const setClientChannelBody = z.object({ boutique: requiredId });
export type SetClientChannelBody = z.infer<typeof setClientChannelBody>;
