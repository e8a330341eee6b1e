import { MAX_PROOF_BYTES } from '@app/common/contracts/registration';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/** A file part of a multipart request, read into memory (the plugin caps its size). */
export type UploadedFile = { filename: string; mimetype: string; buffer: Buffer; size: number };

/** png, jpg, bmp and webp, told apart by their first bytes (DECISIONS §8), never by name or declared type. */
const SIGNATURES: { type: string; matches: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    matches: (b) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', matches: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/bmp', matches: (b) => b.length >= 14 && b.toString('latin1', 0, 2) === 'BM' },
  {
    type: 'image/webp',
    matches: (b) => b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
];

export function detectImageType(buffer: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.matches(buffer))?.type ?? null;
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
  const contentType = detectImageType(upload.buffer);
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
