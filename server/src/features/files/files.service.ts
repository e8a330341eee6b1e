import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/access.js';
import { loadSharp, THUMBNAIL_TYPE } from './images.js';

/**
 * A stored file for a caller allowed to see it (DECISIONS §8): platform admins (proofs of
 * payment), members of the file's shop, and the user who uploaded it. Anyone else gets
 * "not found", never a hint that the file exists.
 */
export async function readFile(db: Db, actor: Actor, fileId: number) {
  const file = await readableFile(db, actor, fileId);
  return { contentType: file.contentType, bytes: file.bytes };
}

/** The thumbnail of a stored image, or the image itself when it was stored without one. */
export async function readThumbnail(db: Db, actor: Actor, fileId: number) {
  const file = await readableFile(db, actor, fileId);
  return file.thumbnail
    ? { contentType: THUMBNAIL_TYPE, bytes: file.thumbnail }
    : { contentType: file.contentType, bytes: file.bytes };
}

async function readableFile(db: Db, actor: Actor, fileId: number) {
  const [file] = await db
    .select({
      shopId: files.shopId,
      ownerUserId: files.ownerUserId,
      contentType: files.contentType,
      bytes: files.bytes,
      thumbnail: files.thumbnail,
    })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file) throw new AppError('NOT_FOUND');
  const allowed =
    actor.roles.includes(ROLE.admin) ||
    file.ownerUserId === actor.userId ||
    (file.shopId !== null && actor.shopIds.includes(file.shopId));
  if (!allowed) throw new AppError('NOT_FOUND');
  return file;
}

/**
 * A stored image ready for a PDF: on white, at most `maxSide` px on each side, as a JPEG (the PDF
 * library takes PNG and JPEG, a stored image may be WebP; a JPEG goes into the PDF as it is, where
 * a PNG is decoded again at every print: a 600 px logo with transparency cost ~30 ms a page).
 * Null if it cannot be read.
 */
export async function imageForPdf(bytes: Uint8Array, maxSide: number): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(Buffer.from(bytes))
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
  } catch {
    return null;
  }
}
