import { CLIENT_CHANNEL_PAGES, type ClientChannelRow } from '@app/common/contracts/client-channels';
import { CLIENT_CHANNELS, type ClientChannel } from '@app/common/contracts/clients';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, ShopContext } from '../../lib/access.js';
import { channelExists, channelTargets, claimChannel, releaseChannel } from './channels.queries.js';

/**
 * Which shop each public client self-registration channel feeds (DECISIONS §9), chosen by a
 * director among their shops. A channel belongs to the account whose shop it feeds: only that
 * account's directors may point it at another of their shops or close it; a director of
 * another account is refused (CHANNEL_TAKEN) and never learns which shop it feeds. A channel
 * whose shop was deleted is free again. Platform admins do not manage channels.
 */
export async function listClientChannels(db: Db, actor: Actor): Promise<ClientChannelRow[]> {
  const targets = await channelTargets(db);
  return CLIENT_CHANNELS.map((channel) => {
    const target = targets.find((row) => row.channel === channel);
    const mine = target !== undefined && target.accountId === actor.accountId;
    return {
      channel,
      page: CLIENT_CHANNEL_PAGES[channel],
      status: target === undefined ? 'free' : mine ? 'mine' : 'taken',
      boutique: mine && actor.shopIds.includes(target.shopId) ? { idBoutique: target.shopId, nom: target.nom } : null,
    };
  });
}

/** Points a channel at the shop the body names (`ctx`: checked by the auth hook). */
export async function setClientChannel(db: Db, ctx: ShopContext, channel: ClientChannel): Promise<ClientChannelRow> {
  if (!(await claimChannel(db, channel, ctx.shopId, ctx.accountId))) throw new AppError('CHANNEL_TAKEN');
  return channelRow(db, ctx, channel);
}

export async function closeClientChannel(db: Db, actor: Actor, channel: ClientChannel): Promise<ClientChannelRow> {
  if (!(await releaseChannel(db, channel, actor.accountId)) && (await channelExists(db, channel))) {
    throw new AppError('CHANNEL_TAKEN');
  }
  return channelRow(db, actor, channel);
}

async function channelRow(db: Db, actor: Actor, channel: ClientChannel): Promise<ClientChannelRow> {
  const rows = await listClientChannels(db, actor);
  return rows.find((row) => row.channel === channel)!;
}
