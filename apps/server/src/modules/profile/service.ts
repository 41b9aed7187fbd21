import { eq } from 'drizzle-orm';
import type { Favourites, Profile, ProfilePatch } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { constructors, drivers, favourites, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { accountError } from '../auth/errors';
import { displayNameColumns, displayNameTaken } from '../auth/display-names';
import { normalisePhoto } from './photos';
import type { PhotoStorage } from './storage';

export async function getProfile(db: Db, uid: string): Promise<Profile> {
  const [row] = await db
    .select({ user: users, favourites: { driverId: favourites.driverId, constructorId: favourites.constructorId } })
    .from(users)
    .leftJoin(favourites, eq(favourites.userId, users.id))
    .where(eq(users.id, uid));
  if (!row) throw notFound('No user has this id');
  const { user } = row;
  return {
    uid: user.id,
    profilePhoto: user.photoUrl,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    nickname: user.nickname,
    country: user.country,
    favourites: { favDriver: row.favourites?.driverId ?? null, favTeam: row.favourites?.constructorId ?? null },
  };
}

/** PUT is a PATCH that sends every field. */
export type ProfileChanges = ProfilePatch;

/** Applies the changes in one transaction: the names and the favourites are saved together or not at all. */
export async function updateProfile(db: Db, uid: string, changes: ProfileChanges): Promise<Profile> {
  const { favourites: favouriteChanges, ...fields } = changes;
  await assertFavouritesExist(db, favouriteChanges ?? {});
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...fields, ...displayNameColumns(fields.displayName), updatedAt: new Date() })
      .where(eq(users.id, uid))
      .returning({ id: users.id })
      .catch((error: unknown) => {
        throw displayNameTaken(error) ?? error;
      });
    if (!updated) throw notFound('No user has this id');
    if (favouriteChanges && Object.keys(favouriteChanges).length > 0) {
      const columns = {
        ...(favouriteChanges.favDriver !== undefined && { driverId: favouriteChanges.favDriver }),
        ...(favouriteChanges.favTeam !== undefined && { constructorId: favouriteChanges.favTeam }),
        updatedAt: new Date(),
      };
      await tx
        .insert(favourites)
        .values({ userId: uid, ...columns })
        .onConflictDoUpdate({ target: favourites.userId, set: columns });
    }
  });
  return getProfile(db, uid);
}

/** Favourites are F1DB ids; refuse ids the F1 data does not know, naming the field. */
async function assertFavouritesExist(db: Db, chosen: Partial<Favourites>) {
  if (chosen.favDriver) {
    const [driver] = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, chosen.favDriver));
    if (!driver) throw accountError(400, 'profile/unknown-driver', `Invalid favourites.favDriver: there is no driver with id "${chosen.favDriver}"`);
  }
  if (chosen.favTeam) {
    const [team] = await db.select({ id: constructors.id }).from(constructors).where(eq(constructors.id, chosen.favTeam));
    if (!team) throw accountError(400, 'profile/unknown-team', `Invalid favourites.favTeam: there is no team with id "${chosen.favTeam}"`);
  }
}

/**
 * Stores the re-encoded photo, then points the profile at it; the old photo goes only once the new one
 * is saved, and the new file goes again if the profile could not be updated.
 */
export async function replacePhoto(db: Db, storage: PhotoStorage, uid: string, upload: Buffer): Promise<Profile> {
  const photo = await normalisePhoto(upload);
  const url = await storage.save(photo, 'webp');
  let previous: string | null;
  try {
    previous = await swapPhotoUrl(db, uid, url);
  } catch (error) {
    await storage.remove(url);
    throw error;
  }
  if (previous) await storage.remove(previous);
  return getProfile(db, uid);
}

export async function removePhoto(db: Db, storage: PhotoStorage, uid: string): Promise<Profile> {
  const previous = await swapPhotoUrl(db, uid, null);
  if (previous) await storage.remove(previous);
  return getProfile(db, uid);
}

async function swapPhotoUrl(db: Db, uid: string, url: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, uid)).for('update');
    if (!user) throw notFound('No user has this id');
    await tx.update(users).set({ photoUrl: url, updatedAt: new Date() }).where(eq(users.id, uid));
    return user.photoUrl;
  });
}

/** Deletes the account and, through the cascades, its sessions, links, codes and favourites; then its photo. */
export async function deleteAccount(db: Db, storage: PhotoStorage, uid: string): Promise<void> {
  const [deleted] = await db.delete(users).where(eq(users.id, uid)).returning({ photoUrl: users.photoUrl });
  if (!deleted) throw notFound('No user has this id');
  if (deleted.photoUrl) await storage.remove(deleted.photoUrl);
}
