import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fastestLaps, grandsPrix, raceResults, races } from '../../../db/schema';

/** A race at one of the circuits asked about, with its winners (several in the shared-drive era, none if unknown). */
export type CircuitRace = {
  raceId: number;
  season: number;
  round: number;
  circuitId: string;
  layoutId: string;
  meetingName: string;
  winners: { driverId: string; constructorId: string }[];
};

/** Every race ever held at these circuits, oldest first, with the drivers classified first. */
export async function racesAtCircuits(db: Db, circuitIds: string[]): Promise<CircuitRace[]> {
  if (circuitIds.length === 0) return [];
  const rows = await db
    .select({
      raceId: races.id,
      season: races.year,
      round: races.round,
      circuitId: races.circuitId,
      layoutId: races.circuitLayoutId,
      meetingName: grandsPrix.fullName,
      driverId: raceResults.driverId,
      constructorId: raceResults.constructorId,
    })
    .from(races)
    .innerJoin(grandsPrix, eq(grandsPrix.id, races.grandPrixId))
    .leftJoin(raceResults, and(eq(raceResults.raceId, races.id), eq(raceResults.session, 'RACE'), eq(raceResults.positionNumber, 1)))
    .where(inArray(races.circuitId, circuitIds))
    .orderBy(asc(races.year), asc(races.round), asc(raceResults.positionDisplayOrder));

  const byRace = new Map<number, CircuitRace>();
  for (const { driverId, constructorId, ...race } of rows) {
    const entry = byRace.get(race.raceId) ?? { ...race, winners: [] };
    if (driverId && constructorId) entry.winners.push({ driverId, constructorId });
    byRace.set(race.raceId, entry);
  }
  return [...byRace.values()];
}

/** The fastest lap of each of these races (several rows when drivers tied). */
export function raceFastestLaps(db: Db, raceIds: number[]) {
  if (raceIds.length === 0) return Promise.resolve([]);
  return db
    .select({ raceId: fastestLaps.raceId, time: fastestLaps.time, driverId: fastestLaps.driverId, constructorId: fastestLaps.constructorId })
    .from(fastestLaps)
    .where(and(inArray(fastestLaps.raceId, raceIds), eq(fastestLaps.positionNumber, 1)))
    .orderBy(asc(fastestLaps.raceId), asc(fastestLaps.positionDisplayOrder));
}
