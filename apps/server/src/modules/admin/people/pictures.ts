import { pictureUpload, type PictureKind } from '@slipstream/contract';
import { HttpError } from '../../../lib/errors';
import { decodeImage, sniffImageFormat } from '../../profile/photos';

/** How each picture is shown: a driver's photo is a square, a logo and a car keep their shape. */
const SHAPES: Record<PictureKind, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  'driver-photo': { width: 512, height: 512, fit: 'cover' },
  'team-logo': { width: 512, height: 512, fit: 'inside' },
  'car-photo': { width: 1280, height: 720, fit: 'inside' },
};

const unreadable = () => new HttpError(400, 'Invalid picture: it must be a valid JPEG, PNG or WebP image');

/**
 * A WebP re-encoded from the decoded pixels (no metadata carried over), at most the kind's size. The type is
 * read from the first bytes, never from the file name or the declared type; tiny images are refused.
 */
export async function normalisePicture(data: Buffer, kind: PictureKind): Promise<Buffer> {
  if (!sniffImageFormat(data)) throw unreadable();
  const shape = SHAPES[kind];
  // Outside the try: sharp failing to load is the server's fault (500), not a bad picture.
  const image = await decodeImage(data);
  let size: { width: number; height: number };
  try {
    const { width, height } = await image.metadata();
    size = { width, height };
  } catch {
    throw unreadable();
  }
  if (Math.min(size.width, size.height) < pictureUpload.minSidePx) {
    throw new HttpError(400, `Invalid picture: it must be at least ${pictureUpload.minSidePx} px on each side`);
  }
  try {
    const side = shape.fit === 'cover' ? Math.min(shape.width, size.width, size.height) : undefined;
    return await image
      .rotate()
      .resize(side ?? shape.width, side ?? shape.height, { fit: shape.fit, withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw unreadable();
  }
}
