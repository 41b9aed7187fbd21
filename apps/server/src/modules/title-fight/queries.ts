import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seasonEntrantDrivers } from '../../db/schema';

/** The race drivers entered in a season, with the rounds they were entered for. */
export function raceEntrants(db: Db, year: number) {
  return db
    .select({ driverId: seasonEntrantDrivers.driverId, constructorId: seasonEntrantDrivers.constructorId, rounds: seasonEntrantDrivers.rounds })
    .from(seasonEntrantDrivers)
    .where(and(eq(seasonEntrantDrivers.year, year), eq(seasonEntrantDrivers.testDriver, false)));
}
