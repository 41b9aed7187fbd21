import { and, asc, eq, inArray, min } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { fastestLaps, practiceResults, qualifyingResults, raceResults, races, type PracticeSession, type ResultSource } from '../../../db/schema';

export type RaceResultRow = typeof raceResults.$inferSelect;
export type QualifyingResultRow = typeof qualifyingResults.$inferSelect;
export type FastestLapRow = typeof fastestLaps.$inferSelect;
export type PracticeResultRow = typeof practiceResults.$inferSelect;

/** A row from F1's live timing that F1DB has not confirmed yet. */
export const isProvisional = (row: { source: ResultSource }) => row.source !== 'F1DB';

/** The race (or sprint) classifications of these races, each in classification order. */
export function raceClassifications(db: Db, raceIds: number[], session: 'RACE' | 'SPRINT'): Promise<RaceResultRow[]> {
  if (raceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(raceResults)
    .where(and(inArray(raceResults.raceId, raceIds), eq(raceResults.session, session)))
    .orderBy(asc(raceResults.raceId), asc(raceResults.positionDisplayOrder));
}

export function qualifyingClassifications(
  db: Db,
  raceIds: number[],
  session: 'QUALIFYING' | 'SPRINT_QUALIFYING',
): Promise<QualifyingResultRow[]> {
  if (raceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(qualifyingResults)
    .where(and(inArray(qualifyingResults.raceId, raceIds), eq(qualifyingResults.session, session)))
    .orderBy(asc(qualifyingResults.raceId), asc(qualifyingResults.positionDisplayOrder));
}

/** Practice classifications of one race's sessions, each in classification order. */
export function practiceClassifications(db: Db, raceId: number, sessions: PracticeSession[]): Promise<PracticeResultRow[]> {
  if (sessions.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(practiceResults)
    .where(and(eq(practiceResults.raceId, raceId), inArray(practiceResults.session, sessions)))
    .orderBy(asc(practiceResults.session), asc(practiceResults.positionDisplayOrder));
}

export function fastestLapsOf(db: Db, raceIds: number[]): Promise<FastestLapRow[]> {
  if (raceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(fastestLaps)
    .where(inArray(fastestLaps.raceId, raceIds))
    .orderBy(asc(fastestLaps.raceId), asc(fastestLaps.positionDisplayOrder));
}

export async function firstGrandPrixYear(db: Db, circuitId: string): Promise<number | null> {
  const [row] = await db.select({ year: min(races.year) }).from(races).where(eq(races.circuitId, circuitId));
  return row?.year ?? null;
}

/** The races of these seasons with a stored race classification, from whichever source. */
export async function raceIdsWithResults(db: Db, years: number[]): Promise<number[]> {
  if (years.length === 0) return [];
  const rows = await db
    .selectDistinct({ raceId: raceResults.raceId })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .where(and(inArray(races.year, years), eq(raceResults.session, 'RACE')));
  return rows.map((row) => row.raceId);
}

export type SessionWithResults = { raceId: number; session: string; source: ResultSource };

/** Every session of these seasons with a stored classification, once per source it has rows from. */
export async function sessionsWithResults(db: Db, years: number[]): Promise<SessionWithResults[]> {
  if (years.length === 0) return [];
  const inYears = db.select({ id: races.id }).from(races).where(inArray(races.year, years));
  const race = db.selectDistinct({ raceId: raceResults.raceId, session: raceResults.session, source: raceResults.source }).from(raceResults).where(inArray(raceResults.raceId, inYears));
  const qualifying = db
    .selectDistinct({ raceId: qualifyingResults.raceId, session: qualifyingResults.session, source: qualifyingResults.source })
    .from(qualifyingResults)
    .where(inArray(qualifyingResults.raceId, inYears));
  const practice = db
    .selectDistinct({ raceId: practiceResults.raceId, session: practiceResults.session, source: practiceResults.source })
    .from(practiceResults)
    .where(inArray(practiceResults.raceId, inYears));
  return union(qualifying, race, practice);
}
