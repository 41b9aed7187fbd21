import type { Sharp } from 'sharp';
import { accountError } from '../auth/errors';

const PHOTO_SIZE_PX = 512;

/** Recognised by their first bytes, never by the file name or the declared type. */
const signatures: { format: 'jpeg' | 'png' | 'webp'; matches(head: Buffer): boolean }[] = [
  { format: 'jpeg', matches: (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  { format: 'png', matches: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { format: 'webp', matches: (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function sniffImageFormat(data: Buffer): 'jpeg' | 'png' | 'webp' | undefined {
  return signatures.find(({ matches }) => matches(data))?.format;
}

/** An image to decode; sharp (libvips) is loaded on the first upload, not at start: most processes never need it. */
export async function decodeImage(data: Buffer): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  return sharp(data, { failOn: 'error', limitInputPixels: 50_000_000 });
}

/**
 * A square WebP (the centre of the photo, at most 512 px a side), re-encoded from the decoded pixels:
 * turned upright by its EXIF orientation, and with no metadata (camera, GPS) carried over.
 */
export async function normalisePhoto(data: Buffer): Promise<Buffer> {
  if (!sniffImageFormat(data)) throw accountError(400, 'profile/unsupported-image');
  // Outside the try: sharp failing to load is the server's fault (500), not a bad photo.
  const image = await decodeImage(data);
  try {
    const { width, height } = await image.metadata();
    const side = Math.min(PHOTO_SIZE_PX, width, height);
    return await image.rotate().resize(side, side, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw accountError(400, 'profile/unsupported-image', 'The photo could not be read: it must be a valid JPEG, PNG or WebP image.');
  }
}
