import { MAX_PROOF_BYTES } from '@app/common/contracts/registration';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/** A file part of a multipart request, read into memory (the plugin caps its size). */
export type UploadedFile = { filename: string; mimetype: string; buffer: Buffer; size: number };

/** The image types we accept (DECISIONS §8), recognised by content, never by name or declared type. */
const ACCEPTED_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/bmp', 'image/webp']);

export async function detectImageType(buffer: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(buffer);
  return detected && ACCEPTED_IMAGE_TYPES.has(detected.mime) ? detected.mime : null;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' && value !== null && 'buffer' in value && Buffer.isBuffer((value as { buffer: unknown }).buffer)
  );
}

/**
 * preValidation hook of multipart routes: text fields and the file part become `request.body`,
 * so that the route's zod schema validates them like a JSON body. A file over the plugin's
 * limit makes `toBuffer()` throw its 413, mapped to PAYLOAD_TOO_LARGE by the error handler.
 * Non-multipart requests (JSON) are left to the usual parser.
 */
export async function multipartBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      // A browser sends an empty part for a file input left blank: that is no file.
      if (buffer.length === 0 && !part.filename) continue;
      body[part.fieldname] = {
        filename: part.filename,
        mimetype: part.mimetype,
        buffer,
        size: buffer.length,
      } satisfies UploadedFile;
    } else {
      body[part.fieldname] = part.value;
    }
  }
  request.body = body;
}

/** Stores an uploaded image after checking its content; answers the file id. */
export async function storeImage(db: Db, upload: unknown, owner: { userId: number; shopId: number | null }): Promise<number> {
  if (!isUploadedFile(upload)) throw new AppError('UNSUPPORTED_FILE');
  if (upload.buffer.length > MAX_PROOF_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const contentType = await detectImageType(upload.buffer);
  if (!contentType) throw new AppError('UNSUPPORTED_FILE');
  const [row] = await db
    .insert(files)
    .values({ shopId: owner.shopId, ownerUserId: owner.userId, contentType, size: upload.buffer.length, bytes: upload.buffer })
    .returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row.id;
}

/** The URL the web uses to show a stored file (GET with the bearer token). */
export const fileUrl = (fileId: number | null) => (fileId === null ? null : `/api/files/${fileId}`);
