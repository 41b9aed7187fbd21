import { and, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  constructors,
  dataImports,
  drivers,
  engineManufacturers,
  LIVE_TIMING_IMPORT,
  fastestLaps,
  practiceResults,
  qualifyingResults,
  raceResults,
  races,
  type ResultSource,
} from '../../db/schema';
import type { EventBus } from '../../lib/events';
import { withSessionStatus } from '../../modules/f1/results/status';
import { refreshErgastStandings } from '../f1db/ergast-standings';
import { classificationColumns } from '../f1db/rows';
import { fastestLapsFile, practiceResultsFile, qualifyingResultsFile, raceResultsFile } from '../f1db/schemas';
import type { StorableClassification, StorableSession } from './classification';
import { storeDriverList } from './driver-list';
import { classificationPoints } from './points';
import { refreshProvisionalStandings, sameRows, storeProvisionalStandings } from '../f1db/provisional-standings';

const PROVISIONAL: ResultSource = 'LIVE_TIMING';

export class ClassificationRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClassificationRejected';
  }
}

export type StoreOutcome = {
  /** stored: rows changed; unchanged: the same classification was stored already; official: F1DB has the session. */
  status: 'stored' | 'unchanged' | 'official';
  changedRows: number;
};

export type StoreTarget = { raceId: number; session: StorableSession };

/**
 * Stores a session's classification from the live-timing archive as provisional rows of the result tables, in one
 * transaction: race and sprint rows get their points by the season's system, and a race or sprint brings the
 * standings after the round (and of later provisional rounds) up to date, unless F1DB holds the round's race (its
 * standings then stand). A session F1DB already holds is left
 * alone; storing the same classification again changes nothing; a changed one replaces the stored one. When rows
 * changed, a data_imports row moves every cached F1 answer on, and open pages hear results-updated (live-timing).
 */
export async function storeClassification(
  deps: { db: Db; events?: EventBus; now?: () => Date },
  target: StoreTarget,
  classification: StorableClassification,
): Promise<StoreOutcome> {
  const now = deps.now ?? (() => new Date());
  const startedAt = now();
  const outcome = await deps.db.transaction(async (tx) => {
    const race = await raceFacts(tx, target.raceId);
    await storeDriverList(tx, race.year, classification.session.path, classification.driverList ?? [], startedAt);
    const plan = sessionPlan(target.session);
    if (await hasOfficialRows(tx, plan.table, target)) return { status: 'official', changedRows: 0 } as const;
    const rows = plan.rows(classification, target, race);
    await checkReferences(tx, rows);

    let changedRows = await replaceSession(tx, plan.table, target, rows);
    if (target.session === 'RACE') {
      const laps = fastestLapRows(classification, target.raceId);
      await checkReferences(tx, laps);
      changedRows += await replaceSession(tx, fastestLaps, { raceId: target.raceId }, laps);
    }
    if (changedRows === 0) return { status: 'unchanged', changedRows } as const;
    // F1DB's standings of a round include its race: while F1DB holds the race, its standings stand.
    const officialRace = await hasOfficialRows(tx, raceResults, { raceId: target.raceId, session: 'RACE' });
    if ((target.session === 'RACE' || target.session === 'SPRINT') && !officialRace) {
      changedRows += await storeProvisionalStandings(tx, target.raceId);
      changedRows += await refreshProvisionalStandings(tx);
    }
    // The Ergast API's complete standings list everyone who started a grand prix: they follow the season's results.
    if (target.session === 'RACE' || target.session === 'SPRINT') await refreshErgastStandings(tx, [race.year]);
    await tx.insert(dataImports).values({
      source: LIVE_TIMING_IMPORT,
      version: classification.session.path,
      dataDate: new Date(`${race.date}T00:00:00Z`),
      startedAt,
      finishedAt: now(),
      changedRows,
      counts: { [plan.name]: rows.length },
    });
    return { status: 'stored', changedRows } as const;
  });
  if (outcome.status === 'stored') {
    await deps.events?.publish({ type: 'results-updated', data: { source: 'live-timing', at: new Date().toISOString(), version: classification.session.path } });
  }
  return outcome;
}

type RaceFacts = { year: number; round: number; date: string; finalRound: number; laps: number; scheduledLaps: number | null; sprintRaceLaps: number | null };

async function raceFacts(tx: Db, raceId: number): Promise<RaceFacts> {
  const [race] = await tx
    .select({
      year: races.year,
      round: races.round,
      date: races.date,
      laps: races.laps,
      scheduledLaps: races.scheduledLaps,
      sprintRaceLaps: races.sprintRaceLaps,
    })
    .from(races)
    .where(eq(races.id, raceId));
  if (!race) throw new ClassificationRejected(`No race ${raceId} in the data`);
  const [season] = await tx.select({ finalRound: max(races.round) }).from(races).where(eq(races.year, race.year));
  return { ...race, finalRound: season?.finalRound ?? race.round };
}

type SessionTable = typeof raceResults | typeof qualifyingResults | typeof practiceResults;
type Plan = { name: string; table: SessionTable; rows: (classification: StorableClassification, target: StoreTarget, race: RaceFacts) => Row[] };
type Row = Record<string, unknown> & { driverId: string; constructorId: string; engineManufacturerId: string; positionDisplayOrder: number };

function sessionPlan(session: StorableSession): Plan {
  switch (session) {
    case 'RACE':
    case 'SPRINT':
      return { name: 'raceResults', table: raceResults, rows: raceRows };
    case 'QUALIFYING':
    case 'SPRINT_QUALIFYING':
      return { name: 'qualifyingResults', table: qualifyingResults, rows: qualifyingRows };
    default:
      return { name: 'practiceResults', table: practiceResults, rows: practiceRows };
  }
}

/** The archive's rows, checked as the importer checks F1DB's files: a bad row rejects the whole classification. */
function validRows<S extends z.ZodType>(schema: S, rows: unknown[] | undefined, what: string): z.infer<S> {
  if (!rows || rows.length === 0) throw new ClassificationRejected(`The classification has no ${what}`);
  const parsed = schema.safeParse(rows);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ClassificationRejected(`The ${what} are not valid: ${issue.path.join('.')}: ${issue.message}`);
  }
  const seen = new Set<string>();
  for (const row of parsed.data as { driverId: string }[]) {
    if (seen.has(row.driverId)) throw new ClassificationRejected(`The ${what} list ${row.driverId} twice`);
    seen.add(row.driverId);
  }
  return parsed.data;
}

function raceRows(classification: StorableClassification, { raceId, session }: StoreTarget, race: RaceFacts): Row[] {
  const entries = validRows(raceResultsFile, classification.raceResults, 'race results');
  const rows = withSessionStatus(entries.map((entry, index) => ({
    ...classificationColumns(raceId, entry, index, PROVISIONAL),
    session: session as 'RACE' | 'SPRINT',
    sharedCar: entry.sharedCar ?? false,
    laps: entry.laps ?? null,
    time: entry.time ?? null,
    timePenalty: entry.timePenalty ?? null,
    gap: entry.gap ?? null,
    interval: entry.interval ?? null,
    reasonRetired: entry.reasonRetired ?? null,
    gridPosition: entry.gridPosition == null ? null : String(entry.gridPosition),
  })));
  const scheduledLaps = session === 'SPRINT' ? (race.sprintRaceLaps ?? race.laps) : (race.scheduledLaps ?? race.laps);
  const fastest = session === 'RACE' ? (classification.fastestLaps?.find((lap) => lap.position === 1)?.driverId ?? null) : null;
  const points = classificationPoints({ ...race, scheduledLaps }, session as 'RACE' | 'SPRINT', rows, fastest);
  // F1DB leaves the points of a driver who scored none empty; so do we, so both read alike.
  return rows.map((row, index) => ({ ...row, points: points[index] || null }));
}

function qualifyingRows(classification: StorableClassification, { raceId, session }: StoreTarget): Row[] {
  return validRows(qualifyingResultsFile, classification.qualifyingResults, 'qualifying results').map((entry, index) => ({
    ...classificationColumns(raceId, entry, index, PROVISIONAL),
    session,
    time: entry.time ?? null,
    q1: entry.q1 ?? null,
    q2: entry.q2 ?? null,
    q3: entry.q3 ?? null,
    gap: entry.gap ?? null,
    laps: entry.laps ?? null,
  }));
}

function practiceRows(classification: StorableClassification, { raceId, session }: StoreTarget): Row[] {
  return validRows(practiceResultsFile, classification.practiceResults, 'practice results').map((entry, index) => ({
    ...classificationColumns(raceId, entry, index, PROVISIONAL),
    session,
    time: entry.time ?? null,
    gap: entry.gap ?? null,
    interval: entry.interval ?? null,
    laps: entry.laps ?? null,
  }));
}

/** A race's fastest laps, when the archive gives them (none leaves the stored ones as they are). */
function fastestLapRows(classification: StorableClassification, raceId: number): Row[] | undefined {
  if (!classification.fastestLaps?.length) return undefined;
  return validRows(fastestLapsFile, classification.fastestLaps, 'fastest laps').map((entry, index) => ({
    ...classificationColumns(raceId, entry, index, PROVISIONAL),
    lap: entry.lap ?? null,
    time: entry.time,
    gap: entry.gap ?? null,
  }));
}

/** Every driver, constructor and engine of the rows must be one the data knows (the pages look them up). */
async function checkReferences(tx: Db, rows: Row[] | undefined) {
  if (!rows) return;
  const missing = async (table: typeof drivers | typeof constructors | typeof engineManufacturers, ids: string[], what: string) => {
    const wanted = [...new Set(ids)];
    const known = new Set((await tx.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((row) => row.id));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new ClassificationRejected(`Unknown ${what}: ${unknown.join(', ')}`);
  };
  await missing(drivers, rows.map((row) => row.driverId), 'drivers');
  await missing(constructors, rows.map((row) => row.constructorId), 'constructors');
  await missing(engineManufacturers, rows.map((row) => row.engineManufacturerId), 'engine manufacturers');
}

type SessionKey = { raceId: number; session?: string };

function sessionFilter(table: SessionTable | typeof fastestLaps, key: SessionKey) {
  return 'session' in table && key.session !== undefined ? and(eq(table.raceId, key.raceId), eq(table.session, key.session)) : eq(table.raceId, key.raceId);
}

async function hasOfficialRows(tx: Db, table: SessionTable, key: SessionKey): Promise<boolean> {
  const [row] = await tx.select({ one: sql`1` }).from(table).where(and(sessionFilter(table, key), eq(table.source, 'F1DB'))).limit(1);
  return row !== undefined;
}

/** Whether a session's classification is stored, official or provisional. */
export async function hasClassification(db: Db, target: StoreTarget): Promise<boolean> {
  const table = sessionPlan(target.session).table;
  const [row] = await db.select({ one: sql`1` }).from(table).where(sessionFilter(table, target)).limit(1);
  return row !== undefined;
}

/**
 * Makes the session's provisional rows read exactly as given (none given: left as they are); official rows are
 * never touched. Returns the rows deleted and inserted, 0 when they already read so.
 */
async function replaceSession(tx: Db, table: SessionTable | typeof fastestLaps, key: SessionKey, rows: Row[] | undefined): Promise<number> {
  if (!rows) return 0;
  const where = and(sessionFilter(table, key), ne(table.source, 'F1DB'));
  const stored = await tx.select().from(table as PgTable).where(where).orderBy(table.positionDisplayOrder);
  if (sameRows(stored as Record<string, unknown>[], rows)) return 0;
  await tx.delete(table).where(where);
  await tx.insert(table).values(rows as never[]);
  return stored.length + rows.length;
}
