import { SESSION_LABELS, zonedTime, type MeetingStatus, type SessionKind, type SessionResults, type SessionStatus, type TimetableEntry } from '@slipstream/contract';

/** A session of a meeting as stored: the UTC day, and the UTC start when F1DB knows it. */
export type SessionRecord = { kind: SessionKind; date: string; startsAt: string | null };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * How long a session is assumed to run, for its status. docs/product.md (Home) gives 60 minutes and 44 for sprint
 * qualifying; a sprint is about 30 minutes of racing plus the formation lap and a margin, so 60; a grand prix
 * is capped at two hours of racing, so 120, which is also when a meeting counts as finished.
 */
const SESSION_MINUTES: Record<SessionKind, number> = {
  PRE_QUALIFYING: 60,
  FREE_PRACTICE_1: 60,
  FREE_PRACTICE_2: 60,
  FREE_PRACTICE_3: 60,
  FREE_PRACTICE_4: 60,
  QUALIFYING_1: 60,
  QUALIFYING_2: 60,
  SPRINT_QUALIFYING: 44,
  SPRINT: 60,
  QUALIFYING: 60,
  WARM_UP: 60,
  RACE: 120,
};

/**
 * F1DB tags every sprint qualifying since 2023 with the format SPRINT_SHOOTOUT, but Formula 1 called the
 * session "Sprint Shootout" only in 2023 and "Sprint Qualifying" from 2024 on.
 */
const LAST_SPRINT_SHOOTOUT_SEASON = 2023;

export function describeSession(kind: SessionKind, season: number, sprintQualifyingFormat: string | null): string {
  const isShootout =
    kind === 'SPRINT_QUALIFYING' && sprintQualifyingFormat === 'SPRINT_SHOOTOUT' && season <= LAST_SPRINT_SHOOTOUT_SEASON;
  return isShootout ? 'Sprint Shootout' : SESSION_LABELS[kind];
}

export type Window = { start: number; end: number };

/** When a session runs; one known only by its day is taken to span that UTC day. */
export function sessionWindow(session: SessionRecord): Window {
  if (session.startsAt === null) {
    const start = Date.parse(`${session.date}T00:00:00Z`);
    return { start, end: start + DAY };
  }
  const start = Date.parse(session.startsAt);
  return { start, end: start + SESSION_MINUTES[session.kind] * MINUTE };
}

/** From the start of the first session to the assumed end of the last (the race). */
export function meetingWindow(sessions: SessionRecord[]): Window {
  const windows = sessions.map(sessionWindow);
  return {
    start: Math.min(...windows.map((w) => w.start)),
    end: Math.max(...windows.map((w) => w.end)),
  };
}

/**
 * Whether a meeting's session of this kind has finished by now, so its classification may be shown: the
 * racing clock decides what is known, even when the data (with a pinned clock) holds later results. A kind
 * missing from the timetable counts as finished with the meeting.
 */
export function sessionFinished(sessions: SessionRecord[], kind: SessionKind, now: Date): boolean {
  const session = sessions.find((s) => s.kind === kind);
  return (session ? sessionWindow(session) : meetingWindow(sessions)).end <= now.getTime();
}

export function meetingStatus(window: Window, now: Date): MeetingStatus {
  const t = now.getTime();
  if (t < window.start) return 'upcoming';
  return t < window.end ? 'live' : 'completed';
}

/**
 * A meeting's timetable by the clock. isCurrent while a session runs; isNext for the next session to start,
 * given only when this meeting holds it (the current or next meeting); completed and upcoming otherwise.
 * Cancelled sessions are listed in their place, marked, and are never next or current.
 * `stored` says which sessions have a stored classification, and from which source.
 */
export function timetable(
  meeting: {
    season: number;
    sprintQualifyingFormat: string | null;
    timeZone: string;
    sessions: SessionRecord[];
    cancelledSessions?: SessionRecord[];
  },
  now: Date,
  holdsNextSession: boolean,
  stored: ReadonlyMap<SessionKind, SessionResults> = new Map(),
): TimetableEntry[] {
  const t = now.getTime();
  const windows = meeting.sessions.map(sessionWindow);
  const nextIndex = holdsNextSession ? windows.findIndex((w) => w.start > t) : -1;
  const entry = (session: SessionRecord, status: SessionStatus): TimetableEntry => {
    const window = sessionWindow(session);
    const start = new Date(window.start);
    // The offset of a day-only session is read at noon UTC, safely inside that day.
    const zoned = zonedTime(session.startsAt ? start : new Date(window.start + DAY / 2), meeting.timeZone);
    return {
      session: session.kind,
      description: describeSession(session.kind, meeting.season, meeting.sprintQualifyingFormat),
      startTime: session.startsAt ? `${zoned.date}T${zoned.time}` : null,
      gmtOffset: zoned.offset,
      startTimeUtc: session.startsAt ? start.toISOString() : null,
      endTimeUtc: session.startsAt ? new Date(window.end).toISOString() : null,
      date: session.date,
      status,
      // Results stored for a session the clock has not finished yet (a pinned clock) are not known yet.
      results: status === 'completed' ? (stored.get(session.kind) ?? null) : null,
    };
  };
  const held = meeting.sessions.map((session, i) => entry(session, sessionStatus(windows[i]!, t, i === nextIndex)));
  const cancelled = (meeting.cancelledSessions ?? []).map((session): TimetableEntry => ({
    ...entry(session, sessionWindow(session).end <= t ? 'completed' : 'upcoming'),
    cancelled: true as const,
  }));
  if (cancelled.length === 0) return held;
  return [...held, ...cancelled].sort((a, b) => entryStart(a) - entryStart(b));
}

const entryStart = (entry: TimetableEntry) => Date.parse(entry.startTimeUtc ?? `${entry.date}T00:00:00Z`);

function sessionStatus(window: Window, t: number, isNext: boolean): SessionStatus {
  if (isNext) return 'isNext';
  if (t >= window.start && t < window.end) return 'isCurrent';
  return t >= window.end ? 'completed' : 'upcoming';
}
