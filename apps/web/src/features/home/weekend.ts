import type { HeroMeeting, TimetableEntry } from '@slipstream/contract';
import { formatDayRange, weekendDaySpan } from '../../lib/time';

/**
 * The hero's view of a race weekend at a given instant. The server sends each session's window (its
 * end already holds the assumed duration of docs/product.md (Home): 60 minutes, 44 for sprint qualifying) and the statuses
 * at the moment it answered; between two fetches (every 5 minutes) the browser's ticking clock moves a
 * session to Live, and past it, at the exact second, from the same windows.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The countdown window of docs/product.md (Home): a countdown shows only for a session starting within a day. */
const COUNTDOWN_WINDOW_MS = DAY_MS;

export type SessionPhase = 'upcoming' | 'live' | 'completed';

type Window = { start: number; end: number };

/** A session known only by its day spans that UTC day, as on the server. */
function sessionWindow(entry: TimetableEntry): Window {
  if (entry.startTimeUtc === null || entry.endTimeUtc === null) {
    const start = Date.parse(`${entry.date}T00:00:00Z`);
    return { start, end: start + DAY_MS };
  }
  return { start: Date.parse(entry.startTimeUtc), end: Date.parse(entry.endTimeUtc) };
}

export function sessionPhase(entry: TimetableEntry, now: number): SessionPhase {
  const { start, end } = sessionWindow(entry);
  if (now < start) return 'upcoming';
  return now < end ? 'live' : 'completed';
}

export type FeaturedSession = { entry: TimetableEntry; phase: 'upcoming' | 'live'; startsAt: number };

/** The session the hero shows: the one running (Live), else the next to start (Upcoming); null once all are over. */
export function featuredSession(timetable: TimetableEntry[], now: number): FeaturedSession | null {
  // A cancelled session (admin) stays listed but is never counted down to.
  const held = timetable.filter((entry) => !entry.cancelled);
  const live = held.find((entry) => sessionPhase(entry, now) === 'live');
  const entry = live ?? held.find((entry) => sessionPhase(entry, now) === 'upcoming');
  if (!entry) return null;
  return { entry, phase: live ? 'live' : 'upcoming', startsAt: sessionWindow(entry).start };
}

/**
 * What the countdown slot reads: the time left (HH:MM:SS) while the session starts within 24 hours,
 * "Session started" once it runs, nothing for a session further away.
 */
export type Countdown = { kind: 'remaining'; ms: number } | { kind: 'started' } | null;

export function countdown(session: FeaturedSession, now: number): Countdown {
  if (session.phase === 'live') return { kind: 'started' };
  const remaining = session.startsAt - now;
  return remaining <= COUNTDOWN_WINDOW_MS ? { kind: 'remaining', ms: remaining } : null;
}

/** The weekend takes over the home page a day before its first session, when the last race gives way (the too-soon rule of docs/product.md). */
export function lastRaceGivesWayAtMs(meeting: HeroMeeting): number {
  const first = meeting.meetingContext.timetables[0];
  const start = first ? sessionWindow(first).start : Date.parse(meeting.race.meetingStartDate);
  return start - DAY_MS;
}

export function meetingPhase(meeting: HeroMeeting, now: number): SessionPhase {
  const start = Date.parse(meeting.race.meetingStartDate);
  const end = Date.parse(meeting.race.meetingEndDate);
  if (now < start) return 'upcoming';
  return now < end ? 'live' : 'completed';
}

/**
 * The days of the weekend in the visitor's zone, "04–06/07/2025", by the rule and in the format of every page
 * (lib/time's weekendDaySpan and formatDayRange). Null for an empty timetable.
 */
export function weekendDays(meeting: HeroMeeting, timeZone?: string): string | null {
  if (meeting.meetingContext.timetables.length === 0) return null;
  const { race } = meeting;
  const { firstDay, lastDay } = weekendDaySpan(meeting.meetingContext.timetables, { startDate: race.meetingStartDate, endDate: race.meetingEndDate }, { timeZone });
  return formatDayRange(firstDay, lastDay);
}
