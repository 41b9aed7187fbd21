import { z } from './zod';
import type { CalendarSessions } from './values';

/**
 * Calendar subscription: an iCalendar (RFC 5545) feed of a season's sessions, and one per meeting.
 *
 *   GET /api/calendar/{season}.ics?sessions=all|main   every session, or only qualifying, sprint and race
 *   GET /api/calendar/{season}/{round}.ics             every session of one meeting
 */

/** all: every session of the weekend; main: only the qualifying, the sprint and the race. */
export const calendarSessions = z.enum(['all', 'main'] satisfies CalendarSessions[]);

export const calendarFeedQuery = z.object({ sessions: calendarSessions.default('all') });

const season = z.coerce.number().int().min(1950).max(2100);

/** ":file" of /api/calendar/:file, "2025.ics". */
export const seasonCalendarParams = z.object({
  file: z
    .string()
    .regex(/^\d{4}\.ics$/, 'a season file, e.g. 2025.ics')
    .transform((file) => Number(file.slice(0, -'.ics'.length)))
    .pipe(z.number().int().min(1950).max(2100)),
});

/** /api/calendar/:year/:file, "2025" and "12.ics". */
export const meetingCalendarParams = z.object({
  year: season,
  file: z
    .string()
    .regex(/^\d{1,2}\.ics$/, 'a round file, e.g. 12.ics')
    .transform((file) => Number(file.slice(0, -'.ics'.length)))
    .pipe(z.number().int().min(1).max(99)),
});
