import type SharpFactory from 'sharp';
import type { Sharp } from 'sharp';
import type * as BmpTs from 'bmp-ts';
import type * as FileType from 'file-type';
import { AppError } from '../../lib/app-error.js';

/** The image types we accept (DECISIONS §8), recognised by content, never by name or declared type. */
const ACCEPTED_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/bmp', 'image/webp']);
/** A decoded image larger than this (in pixels) is refused before it fills the memory. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** The clean copy keeps at most this many pixels on its longer side (a phone photo fits). */
const MAX_SIDE = 4096;
/** Thumbnails fit in this square, as WebP. */
const THUMBNAIL_SIDE = 320;
export const THUMBNAIL_TYPE = 'image/webp';

let sharpModule: Promise<{ default: typeof SharpFactory }> | undefined;
/** sharp (libvips) is loaded with the first image, not at start-up: about 20 MB of memory and half a second. */
export async function loadSharp(): Promise<typeof SharpFactory> {
  return (await (sharpModule ??= import('sharp'))).default;
}
// Likewise the type sniffer and the BMP decoder (about 20 files): loaded with the first upload.
let fileTypeModule: Promise<typeof FileType> | undefined;
let bmpModule: Promise<typeof BmpTs> | undefined;

export type CleanImage = { contentType: string; bytes: Buffer; thumbnail: Buffer };

export async function detectImageType(buffer: Buffer): Promise<string | null> {
  const { fileTypeFromBuffer } = await (fileTypeModule ??= import('file-type'));
  const detected = await fileTypeFromBuffer(buffer);
  return detected && ACCEPTED_IMAGE_TYPES.has(detected.mime) ? detected.mime : null;
}

/**
 * Decodes an uploaded image and encodes it again: only pixels survive (no trailing bytes, no
 * metadata, no second payload hidden behind a valid signature). PNG, JPEG and WebP keep their
 * type; BMP, which libvips does not read, is decoded by bmp-ts and kept as PNG. The copy is
 * turned upright (EXIF orientation) and capped to MAX_SIDE; a WebP thumbnail goes with it.
 * A file of another type answers UNSUPPORTED_FILE (415); one that does not decode, IMAGE_UNREADABLE (422).
 */
export async function cleanImage(buffer: Buffer): Promise<CleanImage> {
  const type = await detectImageType(buffer);
  if (!type) throw new AppError('UNSUPPORTED_FILE');
  const sharp = await loadSharp();
  try {
    const { image, contentType } =
      type === 'image/bmp' ? bmpImage(sharp, (await (bmpModule ??= import('bmp-ts'))).decode, buffer) : await decodedImage(sharp, buffer, type);
    const upright = image.rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const bytes = await encode(upright, contentType);
    const thumbnail = await sharp(bytes)
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { contentType, bytes, thumbnail };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMAGE_UNREADABLE');
  }
}

const SHARP_FORMAT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

async function decodedImage(
  sharp: typeof SharpFactory,
  buffer: Buffer,
  type: string,
): Promise<{ image: Sharp; contentType: string }> {
  const image = sharp(buffer, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
  const { format } = await image.metadata();
  // The decoder must agree with the signature: a PNG header in front of another format is refused.
  if (format !== SHARP_FORMAT[type]) throw new AppError('IMAGE_UNREADABLE');
  return { image, contentType: type };
}

function encode(image: Sharp, contentType: string): Promise<Buffer> {
  if (contentType === 'image/jpeg') return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  if (contentType === 'image/webp') return image.webp({ quality: 85 }).toBuffer();
  return image.png({ compressionLevel: 9 }).toBuffer();
}

/** BITMAPINFOHEADER and later: width and height are signed 32-bit at bytes 18 and 22. */
const BMP_INFO_HEADER_MIN = 40;

function bmpImage(sharp: typeof SharpFactory, decodeBmp: typeof BmpTs.decode, buffer: Buffer): { image: Sharp; contentType: string } {
  if (buffer.length < 26 || buffer.readUInt32LE(14) < BMP_INFO_HEADER_MIN) throw new AppError('IMAGE_UNREADABLE');
  const width = buffer.readInt32LE(18);
  const height = Math.abs(buffer.readInt32LE(22));
  // Checked before decoding: the decoder allocates width x height x 4 bytes from the header alone.
  if (width <= 0 || height === 0 || width * height > MAX_IMAGE_PIXELS) throw new AppError('IMAGE_UNREADABLE');
  const decoded = decodeBmp(buffer, { toRGBA: true });
  const pixels = decoded.data;
  if (decoded.width !== width || decoded.height !== height || pixels.length !== width * height * 4) {
    throw new AppError('IMAGE_UNREADABLE');
  }
  // 24-bit and most 32-bit bitmaps carry no alpha: the decoder leaves it at 0 (transparent).
  let hasAlpha = false;
  for (let i = 3; i < pixels.length && !hasAlpha; i += 4) hasAlpha = pixels[i] !== 0;
  const image = sharp(pixels, { raw: { width, height, channels: 4 } });
  return { image: hasAlpha ? image : image.removeAlpha(), contentType: 'image/png' };
}
