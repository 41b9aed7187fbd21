import { and, asc, desc, eq, inArray, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualifyingResults, raceResults, races } from '../../db/schema';

/** The race and sprint classifications of some drivers, in round order. */
export function raceRows(db: Db, driverIds: string[]) {
  return db
    .select({
      year: races.year,
      round: races.round,
      raceId: races.id,
      session: raceResults.session,
      driverId: raceResults.driverId,
      constructorId: raceResults.constructorId,
      positionNumber: raceResults.positionNumber,
      positionText: raceResults.positionText,
      order: raceResults.positionDisplayOrder,
      points: raceResults.points,
    })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .where(inArray(raceResults.driverId, driverIds))
    .orderBy(asc(races.year), asc(races.round), asc(raceResults.positionDisplayOrder));
}
export type RaceRow = Awaited<ReturnType<typeof raceRows>>[number];

/** The qualifying classifications (the QUALIFYING session) of some drivers. */
export function qualifyingRows(db: Db, driverIds: string[]) {
  return db
    .select({
      year: races.year,
      round: races.round,
      raceId: races.id,
      driverId: qualifyingResults.driverId,
      positionNumber: qualifyingResults.positionNumber,
    })
    .from(qualifyingResults)
    .innerJoin(races, eq(races.id, qualifyingResults.raceId))
    .where(and(inArray(qualifyingResults.driverId, driverIds), eq(qualifyingResults.session, 'QUALIFYING')));
}
export type QualifyingRow = Awaited<ReturnType<typeof qualifyingRows>>[number];

/** Every driver who entered a race up to a season, with their first and last season, latest first. */
export function driverOptions(db: Db, upToSeason: number) {
  return db
    .select({ id: raceResults.driverId, from: min(races.year), to: max(races.year) })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .where(and(eq(raceResults.session, 'RACE'), sql`${races.year} <= ${upToSeason}`))
    .groupBy(raceResults.driverId)
    .orderBy(desc(max(races.year)));
}
