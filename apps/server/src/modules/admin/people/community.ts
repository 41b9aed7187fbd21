import { desc, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { driverOverrides, teamOverrides, timingDriverList } from '../../../db/schema';
import { keptReads, type DataRevision } from '../../../lib/cache';
import { COMMUNITY_KEEP_MS, type CommunityFacts } from '../../f1/standings/community';

/**
 * Adds the pictures to the community facts merged into the F1 answers after their cache: F1's headshots from the
 * live-timing DriverList (each driver's latest), and the admin's driver photos, team logos and car photos, which
 * win. They are read at most every COMMUNITY_KEEP_MS and again at once when the data revision moves (a write),
 * so a new picture shows on the next request.
 */
export function withAdminPictures(db: Db, revision: DataRevision, base: CommunityFacts): CommunityFacts {
  const headshots = keptReads<{ driverId: string; photoUrl: string | null }[]>(revision, { keepMs: COMMUNITY_KEEP_MS });
  const driverPictures = keptReads<{ driverId: string; photoUrl: string | null }[]>(revision, { keepMs: COMMUNITY_KEEP_MS });
  const teamPictures = keptReads<{ constructorId: string; logo: string | null; carPhoto: string | null }[]>(revision, { keepMs: COMMUNITY_KEEP_MS });
  return {
    ...base,
    async driverPhotos(season) {
      const [photos, timing, rows] = await Promise.all([
        base.driverPhotos(season),
        headshots.read('headshots', () => latestHeadshots(db)),
        driverPictures.read('drivers', () =>
          db.select({ driverId: driverOverrides.driverId, photoUrl: driverOverrides.photoUrl }).from(driverOverrides).where(isNotNull(driverOverrides.photoUrl)),
        ),
      ]);
      const pictures = [...timing, ...rows].map((row): [string, string] => [row.driverId, row.photoUrl!]);
      return new Map([...photos, ...pictures]);
    },
    async teamExtras(season) {
      const [extras, rows] = await Promise.all([
        base.teamExtras(season),
        teamPictures.read('teams', () =>
          db
            .select({ constructorId: teamOverrides.constructorId, logo: teamOverrides.logoUrl, carPhoto: teamOverrides.carPhotoUrl })
            .from(teamOverrides)
            .where(or(isNotNull(teamOverrides.logoUrl), isNotNull(teamOverrides.carPhotoUrl))),
        ),
      ]);
      const merged = new Map(extras);
      for (const row of rows) {
        const extra = merged.get(row.constructorId);
        merged.set(row.constructorId, {
          likedBy: extra?.likedBy ?? 0,
          logo: row.logo ?? extra?.logo ?? null,
          carPhoto: row.carPhoto ?? extra?.carPhoto ?? null,
        });
      }
      return merged;
    },
  };
}

/** Each driver's headshot from the latest season whose DriverList gave one. */
function latestHeadshots(db: Db) {
  return db
    .selectDistinctOn([timingDriverList.driverId], { driverId: timingDriverList.driverId, photoUrl: timingDriverList.headshotUrl })
    .from(timingDriverList)
    .where(isNotNull(timingDriverList.headshotUrl))
    .orderBy(timingDriverList.driverId, desc(timingDriverList.year));
}
