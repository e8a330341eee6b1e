import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientChannels, shops } from '../../db/schema/index.js';

/** Each configured channel with the shop it names (a deleted shop counts as none). */
export async function channelTargets(db: Db) {
  return db
    .select({ channel: clientChannels.channel, shopId: shops.id, nom: shops.nom, accountId: shops.accountId })
    .from(clientChannels)
    .innerJoin(shops, and(eq(shops.id, clientChannels.shopId), isNull(shops.deletedAt)));
}

/**
 * Points a channel at a shop, in one statement so that two directors cannot both take a free
 * channel: a channel that already feeds a live shop of another account is left as it is and
 * nothing is answered (the caller then refuses with CHANNEL_TAKEN).
 */
export async function claimChannel(db: Db, channel: string, shopId: number, accountId: number): Promise<boolean> {
  const ownOrGone = db
    .select({ id: shops.id })
    .from(shops)
    .where(or(eq(shops.accountId, accountId), sql`${shops.deletedAt} is not null`));
  const rows = await db
    .insert(clientChannels)
    .values({ channel, shopId })
    .onConflictDoUpdate({ target: clientChannels.channel, set: { shopId }, setWhere: inArray(clientChannels.shopId, ownOrGone) })
    .returning({ channel: clientChannels.channel });
  return rows.length > 0;
}

/** Closes a channel if it feeds a shop of this account (or a deleted one); false otherwise. */
export async function releaseChannel(db: Db, channel: string, accountId: number): Promise<boolean> {
  const ownOrGone = db
    .select({ id: shops.id })
    .from(shops)
    .where(or(eq(shops.accountId, accountId), sql`${shops.deletedAt} is not null`));
  const rows = await db
    .delete(clientChannels)
    .where(and(eq(clientChannels.channel, channel), inArray(clientChannels.shopId, ownOrGone)))
    .returning({ channel: clientChannels.channel });
  return rows.length > 0;
}

export async function channelExists(db: Db, channel: string): Promise<boolean> {
  const [row] = await db
    .select({ channel: clientChannels.channel })
    .from(clientChannels)
    .where(eq(clientChannels.channel, channel));
  return row !== undefined;
}
