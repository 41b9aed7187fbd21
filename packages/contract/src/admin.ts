import { z } from 'zod';
import { sessionKind } from './f1';

/** One entry of the audit log: who changed what and when, with the values before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

// ---------------------------------------------------------------------------------------------------------------
// Season events (/admin/season-events): a season's meetings and sessions, with the admin's moves, additions,
// cancellations and removals kept apart from the imported F1DB timetable.
// ---------------------------------------------------------------------------------------------------------------

/** Where an entered wall-clock time is read: at the circuit (its IANA time zone) or in UTC. */
export const sessionTimeZoneChoice = z.enum(['circuit', 'utc']);
export type SessionTimeZoneChoice = z.infer<typeof sessionTimeZoneChoice>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2025-07-05')
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
  }, 'no such day');
const wallClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like 14:00 (24-hour)');

/** A session's start as the admin enters it: a day and a time, at the circuit or in UTC. */
export const sessionTimeInput = z.object({ date: isoDay, time: wallClock, zone: sessionTimeZoneChoice });
export type SessionTimeInput = z.infer<typeof sessionTimeInput>;

export const seasonEventsQuery = z.object({ season: z.coerce.number().int().min(1950).max(2100).optional() });

export const adminSessionParams = z.object({
  raceId: z.coerce.number().int().positive(),
  kind: sessionKind,
});
export type AdminSessionParams = z.infer<typeof adminSessionParams>;

/** Move a session (PUT .../sessions/:raceId/:kind/start). */
export const sessionMove = sessionTimeInput;
/** Add a session the import does not have (POST .../sessions). */
export const sessionAdd = sessionTimeInput.extend({ raceId: z.number().int().positive(), kind: sessionKind });
export type SessionAdd = z.infer<typeof sessionAdd>;
/** Cancel a session or take the cancellation back (PUT .../sessions/:raceId/:kind/cancelled). */
export const sessionCancel = z.object({ cancelled: z.boolean() });

/** One session as the admin sees it: what is shown now and what the import says. */
export const adminSession = z.object({
  kind: sessionKind,
  description: z.string(),
  /** The UTC day and start shown on the site; null start when only the day is known. */
  date: z.string(),
  startsAtUtc: z.string().nullable(),
  /** What F1DB says; null for a session the admin added. */
  imported: z.object({ date: z.string(), startsAtUtc: z.string().nullable() }).nullable(),
  added: z.boolean(),
  moved: z.boolean(),
  cancelled: z.boolean(),
  removed: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSession>;

export const adminMeeting = z.object({
  raceId: z.number().int(),
  round: z.number().int(),
  name: z.string(),
  slug: z.string(),
  countryName: z.string(),
  circuitName: z.string(),
  /** The circuit's IANA time zone, e.g. "Europe/London": circuit-local times are read in it. */
  timeZone: z.string(),
  sessions: z.array(adminSession),
});
export type AdminMeeting = z.infer<typeof adminMeeting>;

export const seasonEventsResponse = z.object({
  season: z.number().int(),
  seasons: z.array(z.number().int()),
  meetings: z.array(adminMeeting),
  /** The latest timetable changes (audit entries on sessions), newest first. */
  recentChanges: z.array(auditEntry),
});
export type SeasonEventsResponse = z.infer<typeof seasonEventsResponse>;

/** The day and "HH:MM" of an instant on the wall clock of a time zone. */
export function wallTime(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/**
 * The UTC instant of a wall-clock time entered at the circuit or in UTC; null when that wall-clock time does not
 * exist there (skipped when the clocks go forward). An hour repeated when the clocks go back reads as the first.
 */
export function enteredTimeToUtc(input: SessionTimeInput, circuitTimeZone: string): Date | null {
  const asUtc = Date.parse(`${input.date}T${input.time}:00Z`);
  if (input.zone === 'utc') return new Date(asUtc);
  const offsetAt = (instant: number) => {
    const wall = wallTime(new Date(instant), circuitTimeZone);
    return Date.parse(`${wall.date}T${wall.time}:00Z`) - instant;
  };
  // The offsets a day either side bracket any change of the clocks; each gives a candidate, checked by the
  // round trip (none survives for a skipped hour, two for a repeated one: the earlier wins).
  const day = 24 * 60 * 60 * 1000;
  const candidates = [asUtc - day, asUtc, asUtc + day].map((probe) => asUtc - offsetAt(probe)).sort((a, b) => a - b);
  const match = candidates.find((instant) => {
    const wall = wallTime(new Date(instant), circuitTimeZone);
    return wall.date === input.date && wall.time === input.time;
  });
  return match === undefined ? null : new Date(match);
}
