import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { SessionKind } from './f1';

/**
 * Admin changes to a season's timetable, kept apart from the imported F1DB facts (race_sessions, races) so a
 * re-import never loses them. One row per session (a meeting has at most one session of each kind):
 * - an imported session moved (startsAt), cancelled, or removed;
 * - a session the import does not have (added), with its start.
 * Deleting the row reverts the session to what the import says. Applied in f1/calendar/overrides.ts.
 */
export const sessionOverrides = pgTable(
  'session_overrides',
  {
    raceId: integer('race_id').notNull(),
    kind: text('kind').$type<SessionKind>().notNull(),
    /** True when the admin added this session; false when it changes an imported one. */
    added: boolean('added').notNull().default(false),
    /** The start in UTC replacing the imported one (always set for an added session); null keeps the import's. */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    /** Cancelled sessions stay in the timetable, marked, but never count as next, running or finished. */
    cancelled: boolean('cancelled').notNull().default(false),
    /** An imported session taken off the timetable (an added one is deleted instead). */
    removed: boolean('removed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.kind] })],
);
