import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raceResults, races, seasonEntrantDrivers } from '../../db/schema';

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
