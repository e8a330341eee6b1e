import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientChannels, clients, shops } from '../../db/schema/index.js';

/**
 * The shop a public channel feeds, if configured and not deleted. With `lock`, the channel row
 * is locked until the transaction ends, so that two registrations of the same e-mail or phone
 * cannot both pass the duplicate check.
 */
export async function channelShopId(db: Db, channel: string, options: { lock?: boolean } = {}): Promise<number | undefined> {
  const query = db.select({ shopId: clientChannels.shopId }).from(clientChannels).where(eq(clientChannels.channel, channel));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, row.shopId), isNull(shops.deletedAt)));
  return shop?.id;
}

export async function emailRegistered(db: Db, shopId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(eq(clients.shopId, shopId), isNull(clients.deletedAt), sql`lower(${clients.email}) = ${email.trim().toLowerCase()}`),
    )
    .limit(1);
  return row !== undefined;
}

export async function phoneRegistered(db: Db, shopId: number, phones: string[]): Promise<boolean> {
  if (phones.length === 0) return false;
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.shopId, shopId), isNull(clients.deletedAt), inArray(clients.telephone, phones)))
    .limit(1);
  return row !== undefined;
}
