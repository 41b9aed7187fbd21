import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SessionKind } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { timingLaps, timingPitVisits, timingSessions, timingStints, timingTrackStatus, timingWeather } from '../../db/schema';
import type { SessionTiming } from '../livetiming';

export type TimingTarget = { raceId: number; session: SessionKind };

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 1_000;

const sessionTables = [timingLaps, timingPitVisits, timingStints, timingTrackStatus, timingWeather, timingSessions] as const;

/** Replaces the stored timing of one session with what was read, in one transaction. Returns the rows written. */
export async function storeSessionTiming(db: Db, target: TimingTarget, timing: SessionTiming, readAt: Date): Promise<number> {
  const key = { raceId: target.raceId, session: target.session };
  const rows = {
    laps: timing.drivers.flatMap((driver) =>
      driver.laps.map((lap) => ({
        ...key,
        driverId: driver.driverId,
        driverNumber: driver.driverNumber,
        constructorId: driver.constructorId,
        lap: lap.lap,
        completedAtMs: lap.completedAtMs,
        timeMs: lap.timeMs,
        sector1Ms: lap.sectorsMs[0],
        sector2Ms: lap.sectorsMs[1],
        sector3Ms: lap.sectorsMs[2],
        position: lap.position,
        gapToLeaderMs: lap.gapToLeaderMs,
        pitIn: lap.pitIn,
        pitOut: lap.pitOut,
      })),
    ),
    pitVisits: timing.drivers.flatMap((driver) => driver.pitVisits.map((visit, index) => ({ ...key, driverId: driver.driverId, visit: index + 1, ...visit }))),
    stints: timing.drivers.flatMap((driver) =>
      driver.stints.map((stint) => ({ ...key, driverId: driver.driverId, stint: stint.stint, compound: stint.compound, isNew: stint.new, firstLap: stint.firstLap, laps: stint.laps })),
    ),
    trackStatus: timing.trackStatus.map((period, index) => ({ ...key, period: index + 1, ...period })),
    weather: timing.weather.map((sample, index) => ({ ...key, sample: index + 1, ...sample })),
  };
  await db.transaction(async (tx) => {
    for (const table of sessionTables) await tx.delete(table).where(and(eq(table.raceId, target.raceId), eq(table.session, target.session)));
    await tx.insert(timingSessions).values({
      ...key,
      archivePath: timing.session.path,
      utcAtZero: timing.utcAtZeroMs === null ? null : new Date(timing.utcAtZeroMs),
      gmtOffsetMinutes: timing.gmtOffsetMinutes,
      missingTopics: timing.missingTopics,
      readAt,
    });
    await insertChunked(tx, timingLaps, rows.laps);
    await insertChunked(tx, timingPitVisits, rows.pitVisits);
    await insertChunked(tx, timingStints, rows.stints);
    await insertChunked(tx, timingTrackStatus, rows.trackStatus);
    await insertChunked(tx, timingWeather, rows.weather);
  });
  return 1 + Object.values(rows).reduce((sum, list) => sum + list.length, 0);
}

async function insertChunked<Row extends Record<string, unknown>>(db: Pick<Db, 'insert'>, table: PgTable, rows: Row[]) {
  for (let start = 0; start < rows.length; start += CHUNK) await db.insert(table).values(rows.slice(start, start + CHUNK));
}

/** The sessions of a race whose timing is stored. */
export async function storedTimingSessions(db: Db, raceId: number): Promise<SessionKind[]> {
  const rows = await db.select({ session: timingSessions.session }).from(timingSessions).where(eq(timingSessions.raceId, raceId));
  return rows.map((row) => row.session);
}
