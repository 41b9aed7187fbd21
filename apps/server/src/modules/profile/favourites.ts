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
  const rows = await db
    .select({ driverId: favourites.driverId, fans: count() })
    .from(favourites)
    .where(isNotNull(favourites.driverId))
    .groupBy(favourites.driverId)
    .orderBy(desc(count()), favourites.driverId);
  return rows.flatMap(({ driverId, fans }) => (driverId ? [{ driverId, fans }] : []));
}

export async function likesByConstructor(db: Db): Promise<ConstructorLikes[]> {
  const rows = await db
    .select({ constructorId: favourites.constructorId, likes: count() })
    .from(favourites)
    .where(isNotNull(favourites.constructorId))
    .groupBy(favourites.constructorId)
    .orderBy(desc(count()), favourites.constructorId);
  return rows.flatMap(({ constructorId, likes }) => (constructorId ? [{ constructorId, likes }] : []));
}
