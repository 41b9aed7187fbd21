import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { constructors, drivers, raceResults, races, seasonEntrantDrivers } from '../../db/schema';

/** Every race and sprint classification of a season with its points: the standings are summed from these. */
export function seasonScores(db: Db, year: number) {
  return db
    .select({
      round: races.round,
      session: raceResults.session,
      driverId: raceResults.driverId,
      constructorId: raceResults.constructorId,
      positionNumber: raceResults.positionNumber,
      points: raceResults.points,
      source: raceResults.source,
    })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .where(eq(races.year, year))
    .orderBy(asc(races.round), asc(raceResults.positionDisplayOrder));
}
export type Score = Awaited<ReturnType<typeof seasonScores>>[number];

/** The race drivers entered in a season, with the rounds they were entered for. */
export function raceEntrants(db: Db, year: number) {
  return db
    .select({ driverId: seasonEntrantDrivers.driverId, constructorId: seasonEntrantDrivers.constructorId, rounds: seasonEntrantDrivers.rounds })
    .from(seasonEntrantDrivers)
    .where(and(eq(seasonEntrantDrivers.year, year), eq(seasonEntrantDrivers.testDriver, false)));
}

export function driverNames(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: drivers.id, name: drivers.name, lastName: drivers.lastName, abbreviation: drivers.abbreviation })
    .from(drivers)
    .where(inArray(drivers.id, ids));
}

export function constructorNames(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: constructors.id, name: constructors.name }).from(constructors).where(inArray(constructors.id, ids));
}
