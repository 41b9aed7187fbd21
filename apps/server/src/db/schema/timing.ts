import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { SessionKind } from '@slipstream/contract';

/**
 * A session's lap-by-lap timing as F1's live-timing archive recorded it (docs/race-analysis.md), read once after
 * the session is final. Offsets (`*_ms` of a moment) count from the start of the archive's recording; the
 * session's `utc_at_zero` turns them into UTC where the archive allows it.
 */

const sessionKey = {
  raceId: integer('race_id').notNull(),
  session: text('session').$type<SessionKind>().notNull(),
};

/** One row per session read: where from, when, and what the archive lacked. */
export const timingSessions = pgTable(
  'timing_sessions',
  {
    ...sessionKey,
    archivePath: text('archive_path').notNull(),
    /** UTC at the recording's offset 0; null when the archive had no race control messages to tell. */
    utcAtZero: timestamp('utc_at_zero', { withTimezone: true, mode: 'date' }),
    /** The circuit's offset from UTC, for times of day as Ergast gives them. */
    gmtOffsetMinutes: integer('gmt_offset_minutes'),
    missingTopics: text('missing_topics').array().notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.session] })],
);

const driverKey = { ...sessionKey, driverId: text('driver_id').notNull() };

/** Every lap of every driver; times in milliseconds; position and gap only for races (crossing order at the lap's end). */
export const timingLaps = pgTable(
  'timing_laps',
  {
    ...driverKey,
    driverNumber: text('driver_number').notNull(),
    constructorId: text('constructor_id').notNull(),
    lap: integer('lap').notNull(),
    completedAtMs: integer('completed_at_ms'),
    timeMs: integer('time_ms'),
    sector1Ms: integer('sector1_ms'),
    sector2Ms: integer('sector2_ms'),
    sector3Ms: integer('sector3_ms'),
    position: integer('position'),
    gapToLeaderMs: integer('gap_to_leader_ms'),
    pitIn: boolean('pit_in').notNull(),
    pitOut: boolean('pit_out').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.session, t.lap, t.driverId] })],
);

/** A visit to the pit lane: in on one lap, out on another (null: never came out), with the time spent in the lane. */
export const timingPitVisits = pgTable(
  'timing_pit_visits',
  {
    ...driverKey,
    visit: integer('visit').notNull(),
    inLap: integer('in_lap').notNull(),
    outLap: integer('out_lap'),
    inAtMs: integer('in_at_ms').notNull(),
    pitLaneMs: integer('pit_lane_ms'),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.session, t.driverId, t.visit] })],
);

/** A set of tyres: its compound, whether it was new, and the laps it ran (from `first_lap`). */
export const timingStints = pgTable(
  'timing_stints',
  {
    ...driverKey,
    stint: integer('stint').notNull(),
    compound: text('compound'),
    isNew: boolean('is_new'),
    firstLap: integer('first_lap').notNull(),
    laps: integer('laps').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.session, t.driverId, t.stint] })],
);

/** Safety car, virtual safety car and red flag periods, by the leader's laps. */
export const timingTrackStatus = pgTable(
  'timing_track_status',
  {
    ...sessionKey,
    period: integer('period').notNull(),
    kind: text('kind').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms'),
    startLap: integer('start_lap').notNull(),
    endLap: integer('end_lap').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.session, t.period] }),
    check('timing_track_status_kind', sql`${t.kind} in ('SAFETY_CAR', 'VIRTUAL_SAFETY_CAR', 'RED_FLAG')`),
  ],
);

/** The weather station's samples (about one a minute). */
export const timingWeather = pgTable(
  'timing_weather',
  {
    ...sessionKey,
    sample: integer('sample').notNull(),
    atMs: integer('at_ms').notNull(),
    airTemp: real('air_temp'),
    trackTemp: real('track_temp'),
    humidity: real('humidity'),
    pressure: doublePrecision('pressure'),
    windSpeed: real('wind_speed'),
    windDirection: integer('wind_direction'),
    rainfall: boolean('rainfall'),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.session, t.sample] })],
);

/**
 * When a session started by the live-timing archive's season index (`{year}/Index.json`), kept only for sessions
 * F1DB gives no start time (before 2024): the calendar and the Ergast API read it where F1DB's is missing.
 */
export const archiveSessionStarts = pgTable(
  'archive_session_starts',
  {
    raceId: integer('race_id').notNull(),
    kind: text('kind').$type<SessionKind>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.kind] })],
);
