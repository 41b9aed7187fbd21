import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { HttpError } from '../../lib/errors';
import { accountError } from './errors';
import { isUniqueViolation } from './users';

/**
 * Unicode TR39's skeleton of a name: decomposed (NFD), each character replaced by the prototype Unicode's
 * confusables.txt gives it (the mapping unhomoglyph ships: Cyrillic "а" is Latin "a", "m" is "rn", mathematical
 * script letters are plain ones), decomposed again. Two names with the same skeleton look alike; it is a key for
 * comparing, never shown. The names are already NFKC with their spaces collapsed (the contract's displayName).
 */
export function confusableSkeleton(name: string): string {
  return unhomoglyph(name.normalize('NFD')).normalize('NFD');
}

/** The users columns for a display name: the name and its skeleton, which a unique index keeps to one account. */
export function displayNameColumns(displayName: string | null | undefined): { displayName?: string | null; displayNameSkeleton?: string | null } {
  if (displayName === undefined) return {};
  return { displayName, displayNameSkeleton: displayName === null ? null : confusableSkeleton(displayName) };
}

const SKELETON_INDEX = 'users_display_name_skeleton';

/** The 409 for a write refused because another account's display name looks the same; undefined for other errors. */
export function displayNameTaken(error: unknown): HttpError | undefined {
  return isUniqueViolation(error, SKELETON_INDEX) ? accountError(409, 'profile/display-name-taken') : undefined;
}

/** Whether no account uses a display name that looks like this one. */
export async function displayNameFree(db: Db, displayName: string): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.displayNameSkeleton, confusableSkeleton(displayName))).limit(1);
  return !taken;
}

/**
 * Gives the accounts named before skeletons were kept theirs (at start, after the migrations). Of two old names that
 * look alike the first keeps the name's skeleton; the other keeps none, so it blocks nobody.
 */
export async function keepDisplayNameSkeletons(db: Db): Promise<void> {
  const unkept = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(and(isNotNull(users.displayName), isNull(users.displayNameSkeleton)));
  for (const { id, displayName } of unkept) {
    try {
      await db.update(users).set({ displayNameSkeleton: confusableSkeleton(displayName!) }).where(eq(users.id, id));
    } catch (error) {
      if (!displayNameTaken(error)) throw error;
    }
  }
}
