import type { HeroMeeting, TimetableEntry } from '@slipstream/contract';
import { dateTimeFormat } from '../../lib/time';

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

export function meetingPhase(meeting: HeroMeeting, now: number): SessionPhase {
  const start = Date.parse(meeting.race.meetingStartDate);
  const end = Date.parse(meeting.race.meetingEndDate);
  if (now < start) return 'upcoming';
  return now < end ? 'live' : 'completed';
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * "04 - 06 JUL", or "30 MAY - 01 JUN" across a month's end: the days at the circuit, as the sport
 * prints them, from the first session to the last one (the race). Null for an empty timetable.
 */
export function weekendDays(meeting: HeroMeeting): string | null {
  const sessions = meeting.meetingContext.timetables;
  const [opening, closing] = [sessions[0], sessions.at(-1)];
  if (!opening || !closing) return null;
  const first = circuitDay(opening, meeting.circuit.timeZone);
  const last = circuitDay(closing, meeting.circuit.timeZone);
  const firstDay = first.month === last.month ? first.day : `${first.day} ${first.month}`;
  return `${firstDay} - ${last.day} ${last.month}`;
}

/** The calendar day of a session at the circuit, "04" and "JUL"; a session known only by its day is on that day. */
function circuitDay(entry: TimetableEntry, timeZone: string): { day: string; month: string } {
  const [instant, zone] = entry.startTimeUtc ? [Date.parse(entry.startTimeUtc), timeZone] : [Date.parse(entry.date), 'UTC'];
  const parts = dateTimeFormat('en-GB', { timeZone: zone, day: '2-digit', month: 'numeric' }).formatToParts(instant);
  const part = (type: 'day' | 'month') => parts.find((p) => p.type === type)?.value ?? '';
  return { day: part('day'), month: MONTHS[Number(part('month')) - 1] ?? '' };
}
