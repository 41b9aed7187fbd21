import { doublePrecision, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** The sources that keep the F1 facts current by themselves, each checked by its own job. */
export const freshnessSources = ['f1db-release', 'live-timing'] as const;
export type FreshnessSource = (typeof freshnessSources)[number];

/**
 * How each source's job last went, written by the job, read by the admin dashboard: what it holds (the F1DB release
 * imported, the live-timing session stored or watched), when it last looked and will look next, its last error.
 */
export const sourceStatus = pgTable('source_status', {
  source: text('source').$type<FreshnessSource>().primaryKey(),
  /** F1DB: the release tag last imported. Live timing: the session last stored or being watched. */
  version: text('version'),
  /** What the job is doing or found, in a sentence (the session it waits for, drivers it could not map). */
  detail: text('detail'),
  lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
  nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * Where the official classification of a session differs from the provisional one it replaced (a penalty after
 * the flag): one row per driver whose place or points changed, found by the F1DB import that confirmed it.
 */
export const provisionalDifferences = pgTable(
  'provisional_differences',
  {
    id: serial('id').primaryKey(),
    raceId: integer('race_id').notNull(),
    session: text('session').notNull(),
    driverId: text('driver_id').notNull(),
    /** Null when the driver was missing from that classification. */
    provisionalPosition: text('provisional_position'),
    officialPosition: text('official_position'),
    provisionalPoints: doublePrecision('provisional_points'),
    officialPoints: doublePrecision('official_points'),
    /** The data version of the import that found it. */
    importVersion: text('import_version').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('provisional_differences_once').on(t.raceId, t.session, t.driverId, t.importVersion),
    index('provisional_differences_found').on(t.foundAt.desc()),
  ],
);
