import { asc, eq, isNotNull } from 'drizzle-orm';
import { foldedName } from '@slipstream/contract';
import unhomoglyph from 'unhomoglyph';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { HttpError } from '../../lib/errors';
import { accountError } from './errors';
import { isUniqueViolation } from './users';

/**
 * Unicode TR39's skeleton of a name, folded further: each character replaced by the prototype Unicode's
 * confusables.txt gives it (the mapping unhomoglyph ships: Cyrillic "а" is Latin "a", "m" is "rn", mathematical
 * script letters are plain ones), then the contract's foldedName (blanks, combining marks and case do not tell names
 * apart), then the prototypes again for what lower-casing made; a lower-case "i" becomes "l" too, since "Ice" must
 * meet both "ice" and "lce" (a capital I is an l). Two names with the same skeleton look alike; it is a
 * key for comparing, never shown. The names are already NFKC with their spaces collapsed (the contract's
 * displayName).
 */
export function confusableSkeleton(name: string): string {
  return unhomoglyph(foldedName(unhomoglyph(name.normalize('NFD'))))
    .replaceAll('i', 'l')
    .normalize('NFD');
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
 * Keys every named account by the current skeleton (at start, after the migrations): names from before skeletons
 * were kept, or from before the skeleton folded what it folds now. Of two names that look alike, the one that holds
 * the skeleton already (else the older account) keeps it; the other keeps none, so it blocks nobody.
 */
export async function keepDisplayNameSkeletons(db: Db): Promise<void> {
  const named = await db
    .select({ id: users.id, displayName: users.displayName, skeleton: users.displayNameSkeleton })
    .from(users)
    .where(isNotNull(users.displayName))
    .orderBy(asc(users.createdAt), asc(users.id));
  for (const { id, displayName, skeleton } of named) {
    const current = confusableSkeleton(displayName!);
    if (skeleton === current) continue;
    try {
      await db.update(users).set({ displayNameSkeleton: current }).where(eq(users.id, id));
    } catch (error) {
      if (!displayNameTaken(error)) throw error;
      await db.update(users).set({ displayNameSkeleton: null }).where(eq(users.id, id));
    }
  }
}
