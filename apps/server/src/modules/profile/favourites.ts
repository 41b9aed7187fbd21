import { count, desc, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favourites } from '../../db/schema';

/**
 * Fan counts for the F1 read API (it owns the routes): how many users chose each driver or team as their
 * favourite, keyed by F1DB id, most popular first. Ids nobody chose are absent (their count is 0).
 */

export type DriverFans = { driverId: string; fans: number };
export type ConstructorLikes = { constructorId: string; likes: number };

export async function fansByDriver(db: Db): Promise<DriverFans[]> {
  const counts = await favouriteCounts(db, favourites.driverId);
  return counts.map(({ id, chosenBy }) => ({ driverId: id, fans: chosenBy }));
}

export async function likesByConstructor(db: Db): Promise<ConstructorLikes[]> {
  const counts = await favouriteCounts(db, favourites.constructorId);
  return counts.map(({ id, chosenBy }) => ({ constructorId: id, likes: chosenBy }));
}

/** How many users chose each id of one favourite column, most chosen first. */
async function favouriteCounts(db: Db, column: typeof favourites.driverId | typeof favourites.constructorId) {
  const rows = await db
    .select({ id: column, chosenBy: count() })
    .from(favourites)
    .where(isNotNull(column))
    .groupBy(column)
    .orderBy(desc(count()), column);
  return rows.flatMap(({ id, chosenBy }) => (id ? [{ id, chosenBy }] : []));
}
