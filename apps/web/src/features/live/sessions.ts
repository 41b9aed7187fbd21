import type { TimetableEntry } from '@slipstream/contract';

/** A timetable entry with a known start, as instants. */
export type TimedSession = TimetableEntry & { start: number; end: number };

export type SessionState = 'completed' | 'running' | 'next' | 'upcoming' | 'cancelled';

/** The sessions that run: a cancelled one (admin) is listed but never running or next. */
function timed(entries: TimetableEntry[]): TimedSession[] {
  return entries.flatMap((entry) =>
    entry.startTimeUtc && entry.endTimeUtc && !entry.cancelled ? [{ ...entry, start: Date.parse(entry.startTimeUtc), end: Date.parse(entry.endTimeUtc) }] : [],
  );
}

/**
 * The weekend by the browser's copy of the server clock (it ticks every second, the server's answer does not):
 * the session running now, else the next to start.
 */
export function sessionsAt(entries: TimetableEntry[], now: number) {
  const sessions = timed(entries);
  const running = sessions.find((s) => s.start <= now && now < s.end);
  const next = sessions.find((s) => s.start > now);
  return { running, next };
}

export function stateAt(entry: TimetableEntry, now: number, next: TimetableEntry | undefined): SessionState {
  if (entry.cancelled) return 'cancelled';
  const [session] = timed([entry]);
  if (!session) return entry.status === 'completed' ? 'completed' : 'upcoming';
  if (now >= session.end) return 'completed';
  if (now >= session.start) return 'running';
  return entry.session === next?.session ? 'next' : 'upcoming';
}

/** The next instant at which the weekend changes (a session starts or ends), after now. */
export function nextBoundary(entries: TimetableEntry[], now: number): number | undefined {
  const instants = timed(entries).flatMap((s) => [s.start, s.end]);
  return instants.filter((t) => t > now).sort((a, b) => a - b)[0];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "02:03:04", or "3 d 02:03:04" from a day on. */
export function formatSpan(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor((totalSeconds * 1000) / DAY_MS);
  const rest = totalSeconds - days * 86_400;
  const clock = [Math.floor(rest / 3600), Math.floor((rest % 3600) / 60), rest % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return days > 0 ? `${days} d ${clock}` : clock;
}
