import { MAX_PROOF_BYTES } from '@app/common/contracts/registration';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { cleanImage } from './images.js';

/** A file part of a multipart request, read into memory (the plugin caps its size). */
export type UploadedFile = { filename: string; mimetype: string; buffer: Buffer; size: number };

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
  try {
    request.body = await readParts(request);
  } catch (error) {
    throw malformedMultipart(error);
  }
}

/**
 * The plugin's own refusals (a file or a part over its limit: 413, a forbidden field name:
 * 400) keep their status; anything else the parser throws (no or wrong boundary, a truncated
 * body, a broken part header) means the client sent a malformed body: 400, never a 500.
 */
function malformedMultipart(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new AppError('BAD_REQUEST', { details: { reason: 'malformed multipart body' } });
}

async function readParts(request: FastifyRequest): Promise<Record<string, unknown>> {
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
  return body;
}

/**
 * Stores an uploaded image: decoded and encoded again (see cleanImage), so that only the clean
 * copy and its thumbnail are kept, never the bytes as sent. Answers the file id.
 */
export async function storeImage(db: Db, upload: unknown, owner: { userId: number; shopId: number | null }): Promise<number> {
  if (!isUploadedFile(upload)) throw new AppError('UNSUPPORTED_FILE');
  if (upload.buffer.length > MAX_PROOF_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const image = await cleanImage(upload.buffer);
  const [row] = await db
    .insert(files)
    .values({
      shopId: owner.shopId,
      ownerUserId: owner.userId,
      contentType: image.contentType,
      size: image.bytes.length,
      bytes: image.bytes,
      thumbnail: image.thumbnail,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row.id;
}

/** The URL the web uses to show a stored file (GET with the bearer token). */
export const fileUrl = (fileId: number | null) => (fileId === null ? null : `/api/files/${fileId}`);
