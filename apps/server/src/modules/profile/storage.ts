import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where profile photos live. On disk under DATA_DIR/uploads now, served from /uploads/...; an object
 * store can take its place behind the same three calls.
 */
export interface PhotoStorage {
  /** Stores a photo and returns the public URL it is served from. */
  save(data: Buffer, extension: 'webp'): Promise<string>;
  /** Removes a photo this storage saved; other URLs (a provider's avatar) are left alone. */
  remove(url: string): Promise<void>;
}

export const UPLOADS_URL_PREFIX = '/uploads';
const PHOTO_FOLDER = 'photos';
const storedName = /^\/uploads\/photos\/([0-9a-f-]{36}\.webp)$/;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function diskPhotoStorage(root: string): PhotoStorage {
  const folder = path.join(root, PHOTO_FOLDER);
  return {
    async save(data, extension) {
      await fs.mkdir(folder, { recursive: true });
      // A new name per photo, so a cached old photo is never shown for the new one.
      const name = `${crypto.randomUUID()}.${extension}`;
      await fs.writeFile(path.join(folder, name), data, { flag: 'wx' });
      return `${UPLOADS_URL_PREFIX}/${PHOTO_FOLDER}/${name}`;
    },
    async remove(url) {
      const name = storedName.exec(url)?.[1];
      if (name) await fs.rm(path.join(folder, name), { force: true });
    },
  };
}
