import type { MeetingStatus, MeetingSummary, TimetableEntry } from '@slipstream/contract';
import { sessionDay, weekendDaySpan } from '../../lib/time';

/** Which zone to read days in: the visitor's unless a test names one. */
type ZoneOption = { timeZone?: string };

/**
 * A session's name on the schedule. On a sprint weekend Sprint Qualifying and the sprint take the places of
 * Practice 2 and 3; the sprint is called "Sprint Race" so nobody mistakes it for another qualifying session.
 */
export function sessionLabel(entry: Pick<TimetableEntry, 'session' | 'description'>): string {
  return entry.session === 'SPRINT' ? 'Sprint Race' : entry.description;
}

/** A weekend under way is not itself live timing: only a session the feed confirms is called Live. */
export const MEETING_STATUS_LABELS: Record<MeetingStatus, string> = {
  upcoming: 'Upcoming',
  live: 'This weekend',
  completed: 'Completed',
};

export type SessionDay = { day: string; sessions: TimetableEntry[] };

/** A weekend's sessions by local day, in running order. */
export function groupSessionsByDay(timetables: TimetableEntry[], options: ZoneOption = {}): SessionDay[] {
  const days = new Map<string, TimetableEntry[]>();
  for (const entry of [...timetables].sort(byStart)) {
    const day = sessionDay(entry, options);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days].map(([day, sessions]) => ({ day, sessions }));
}

export type MeetingDays = { firstDay: string; lastDay: string; raceDay: string };

/** The local days a weekend spans, and the day of its race (the calendar's chip). */
export function meetingDays(meeting: Pick<MeetingSummary, 'timetables' | 'startDate' | 'endDate'>, options: ZoneOption = {}): MeetingDays {
  const { firstDay, lastDay } = weekendDaySpan(meeting.timetables, meeting, options);
  const race = meeting.timetables.find((entry) => entry.session === 'RACE');
  return { firstDay, lastDay, raceDay: race ? sessionDay(race, options) : lastDay };
}

function startOf(entry: TimetableEntry): number {
  return Date.parse(entry.startTimeUtc ?? `${entry.date}T00:00:00Z`);
}

function byStart(a: TimetableEntry, b: TimetableEntry): number {
  return startOf(a) - startOf(b);
}
