import { encode as encodeBmp } from 'bmp-ts';
import sharp from 'sharp';

/** Real images for upload tests, made on the fly (a plain colour, `width` x `height`). */
const RED = { r: 200, g: 30, b: 40 };

function canvas(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: RED } });
}

export const pngImage = (width = 8, height = 6) => canvas(width, height).png().toBuffer();
export const jpegImage = (width = 8, height = 6) => canvas(width, height).jpeg().toBuffer();
export const webpImage = (width = 8, height = 6) => canvas(width, height).webp().toBuffer();
export const gifImage = (width = 8, height = 6) => canvas(width, height).gif().toBuffer();

/** A 24-bit BMP (bmp-ts takes its pixels as ABGR). */
export function bmpImage(width = 8, height = 6): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([255, RED.b, RED.g, RED.r], i * 4);
  return encodeBmp({ data, width, height, bitPP: 24 }).data;
}

/** The first pixel and the size of an image, as decoded. */
export async function describeImage(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    format: (await sharp(bytes).metadata()).format,
    pixel: [...data.subarray(0, 3)],
  };
}

export { RED };
