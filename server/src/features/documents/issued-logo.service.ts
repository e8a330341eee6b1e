import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { imageForPdf } from '../files/files.service.js';

/**
 * The logo an issued document names (issue 21). Its frozen content holds the logo's file id as it
 * was at issue (`issuer.logoFileId`, inside the hashed content): stored files are never updated
 * nor deleted (features/files inserts a new row for each upload, and a new logo is a new row), so
 * that id names the very bytes the shop had then, and a later logo change leaves old prints as
 * they were. The id, not the bytes' hash, is what is frozen: hashing the image would mean reading
 * it inside the sale's transaction, on the till's path, for no gain while files are insert-only.
 * The file must be the same shop's; anything else (none, another shop's) prints no logo.
 * Answers a JPEG on white at most 360 px a side (files.service imageForPdf: 2.5 times the A4's
 * 120 pt box), cached by shop and file id since those bytes never change.
 */
const cache = new Map<string, Buffer | null>();
const CACHE_SIZE = 64;

export async function issuedLogo(db: Db, shopId: number, fileId: number | null | undefined): Promise<Buffer | null> {
  if (fileId === null || fileId === undefined) return null;
  const key = `${shopId}:${fileId}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const [row] = await db
    .select({ bytes: files.bytes })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.shopId, shopId)));
  if (!row) return null;
  const png = await imageForPdf(row.bytes, 360);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, png);
  return png;
}
