import type { DeviceDb, Snapshot } from './device-db';

export function snapshotKey(userId: number, shopId: number, what: string): string {
  return `${userId}:${shopId}:${what}`;
}

export async function saveSnapshot<T>(
  db: DeviceDb,
  userId: number,
  shopId: number,
  what: string,
  data: T,
  savedAt = Date.now(),
): Promise<void> {
  await db.snapshots.put({ key: snapshotKey(userId, shopId, what), userId, shopId, data, savedAt });
}

export async function readSnapshot<T>(
  db: DeviceDb,
  userId: number,
  shopId: number,
  what: string,
): Promise<Snapshot<T> | undefined> {
  return (await db.snapshots.get(snapshotKey(userId, shopId, what))) as Snapshot<T> | undefined;
}
