import { and, asc, desc, eq, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  dataImports,
  qualifyingResults,
  raceConstructorStandings,
  raceDriverStandings,
  raceResults,
  races,
  seasonDriverStandings,
  seasonEntrantDrivers,
  type ResultSource,
} from '../../../db/schema';

export type StandingRow = { positionDisplayOrder: number; positionNumber: number | null; positionText: string; points: number; source: ResultSource };

/** The latest race of the season, up to a round, with standings after it, if any race has been run. */
export async function latestStandingsRace(db: Db, year: number, upToRound: number): Promise<{ raceId: number; round: number } | null> {
  const [row] = await db
    .selectDistinct({ raceId: races.id, round: races.round })
    .from(races)
    .innerJoin(raceDriverStandings, eq(raceDriverStandings.raceId, races.id))
    .where(and(eq(races.year, year), lte(races.round, upToRound)))
    .orderBy(desc(races.round))
    .limit(1);
  return row ?? null;
}

/** Whether the standings after a race are provisional (computed from results F1DB has not confirmed). */
export async function hasProvisionalStandings(db: Db, raceId: number): Promise<boolean> {
  const [row] = await db
    .select({ raceId: raceDriverStandings.raceId })
    .from(raceDriverStandings)
    .where(and(eq(raceDriverStandings.raceId, raceId), ne(raceDriverStandings.source, 'F1DB')))
    .limit(1);
  return row !== undefined;
}

/** The columns every standings table shares, in the shape of a StandingRow. */
function standingColumns(table: typeof raceDriverStandings | typeof raceConstructorStandings) {
  return {
    positionDisplayOrder: table.positionDisplayOrder,
    positionNumber: table.positionNumber,
    positionText: table.positionText,
    points: table.points,
    source: table.source,
  };
}

export function driverStandingsAfter(db: Db, raceId: number): Promise<(StandingRow & { driverId: string })[]> {
  return db
    .select({ ...standingColumns(raceDriverStandings), driverId: raceDriverStandings.driverId })
    .from(raceDriverStandings)
    .where(eq(raceDriverStandings.raceId, raceId))
    .orderBy(asc(raceDriverStandings.positionDisplayOrder));
}

export function constructorStandingsAfter(db: Db, raceId: number): Promise<(StandingRow & { constructorId: string })[]> {
  return db
    .select({ ...standingColumns(raceConstructorStandings), constructorId: raceConstructorStandings.constructorId })
    .from(raceConstructorStandings)
    .where(eq(raceConstructorStandings.raceId, raceId))
    .orderBy(asc(raceConstructorStandings.positionDisplayOrder));
}

export function seasonEntrants(db: Db, year: number) {
  return db
    .select({
      constructorId: seasonEntrantDrivers.constructorId,
      driverId: seasonEntrantDrivers.driverId,
      rounds: seasonEntrantDrivers.rounds,
      testDriver: seasonEntrantDrivers.testDriver,
    })
    .from(seasonEntrantDrivers)
    .where(eq(seasonEntrantDrivers.year, year));
}

/** Every race and sprint classification row of a season (up to a round), in round order. */
export function seasonEntries(db: Db, year: number, upToRound = 99) {
  return db
    .select({
      raceId: races.id,
      round: races.round,
      session: raceResults.session,
      driverId: raceResults.driverId,
      constructorId: raceResults.constructorId,
      engineManufacturerId: raceResults.engineManufacturerId,
      driverNumber: raceResults.driverNumber,
      positionDisplayOrder: raceResults.positionDisplayOrder,
      positionNumber: raceResults.positionNumber,
      positionText: raceResults.positionText,
      points: raceResults.points,
      gridPosition: raceResults.gridPosition,
      reasonRetired: raceResults.reasonRetired,
      laps: raceResults.laps,
      source: raceResults.source,
    })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .where(and(eq(races.year, year), lte(races.round, upToRound)))
    .orderBy(asc(races.round), asc(raceResults.session), asc(raceResults.positionDisplayOrder));
}
export type SeasonEntry = Awaited<ReturnType<typeof seasonEntries>>[number];

/** A driver's championship points after each race of the season. */
export async function driverPointsByRace(db: Db, year: number, driverId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ raceId: raceDriverStandings.raceId, points: raceDriverStandings.points })
    .from(raceDriverStandings)
    .innerJoin(races, eq(races.id, raceDriverStandings.raceId))
    .where(and(eq(races.year, year), eq(raceDriverStandings.driverId, driverId)));
  return new Map(rows.map((r) => [r.raceId, r.points]));
}

/** Classifications that are not a start: the driver never took the start of the race. */
const NON_STARTS = ['DNS', 'DNQ', 'DNPQ', 'DNP'];

/**
 * How far a career is known by the racing clock: every season before `year`, and in `year` the races and the
 * qualifying sessions up to these rounds (a pinned clock must not count what the data holds from its future).
 */
export type CareerKnownUpTo = { year: number; raceRound: number; qualifyingRound: number };

const knownBy = (year: number, round: number) => or(lt(races.year, year), and(eq(races.year, year), lte(races.round, round)));

export async function careerNumbers(db: Db, driverId: string, upTo: CareerKnownUpTo) {
  const [race] = await db
    .select({
      starts: sql<number>`count(*) filter (where ${notInArray(raceResults.positionText, NON_STARTS)})::int`,
      wins: sql<number>`count(*) filter (where ${raceResults.positionNumber} = 1)::int`,
      podiums: sql<number>`count(*) filter (where ${raceResults.positionNumber} <= 3)::int`,
    })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .where(and(eq(raceResults.driverId, driverId), eq(raceResults.session, 'RACE'), knownBy(upTo.year, upTo.raceRound)));
  const [qualifying] = await db
    .select({ poles: sql<number>`count(*)::int` })
    .from(qualifyingResults)
    .innerJoin(races, eq(races.id, qualifyingResults.raceId))
    .where(
      and(
        eq(qualifyingResults.driverId, driverId),
        eq(qualifyingResults.session, 'QUALIFYING'),
        eq(qualifyingResults.positionNumber, 1),
        knownBy(upTo.year, upTo.qualifyingRound),
      ),
    );
  return { starts: race?.starts ?? 0, wins: race?.wins ?? 0, podiums: race?.podiums ?? 0, poles: qualifying?.poles ?? 0 };
}

/** Seasons a driver leads the final table of (the season may still be running). */
export async function seasonsLed(db: Db, driverId: string): Promise<number[]> {
  const rows = await db
    .select({ year: seasonDriverStandings.year })
    .from(seasonDriverStandings)
    .where(and(eq(seasonDriverStandings.driverId, driverId), eq(seasonDriverStandings.positionNumber, 1)));
  return rows.map((r) => r.year);
}

/** When the data was imported: the end of the latest import run. */
export async function latestImportTime(db: Db): Promise<Date | null> {
  const [row] = await db.select({ finishedAt: dataImports.finishedAt }).from(dataImports).orderBy(desc(dataImports.id)).limit(1);
  return row?.finishedAt ?? null;
}

