import { zonedTime } from '@slipstream/contract';

/**
 * Formatting of instants for people: the only place where UTC becomes the visitor's local time.
 * One format everywhere, British English: dates day/month/year ("05/07/2025"), the 24-hour clock ("14:00"),
 * whatever the browser's language. `timeZone` defaults to the visitor's zone; tests pass one.
 */
const LOCALE = 'en-GB';

type Instant = string | number | Date;
type ZoneOption = { timeZone?: string };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per locale and options, made once: making one costs far more than formatting with
 * it (its zone data is loaded each time), and a schedule formats hundreds of times as it renders.
 */
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * "05/07/2025". A bare calendar day ("2025-07-05", as meeting dates come) has no zone and is
 * shown as that same day everywhere.
 */
export function formatDate(value: Instant, { timeZone }: ZoneOption = {}): string {
  const calendarDay = typeof value === 'string' && DATE_ONLY.test(value);
  return dateTimeFormat(LOCALE, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: calendarDay ? 'UTC' : timeZone,
  }).format(toDate(value));
}

/** "14:00" */
export function formatTime(value: Instant, { timeZone }: ZoneOption = {}): string {
  return dateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    toDate(value),
  );
}

/** "05/07/2025 14:00" */
export function formatDateTime(value: Instant, options: ZoneOption = {}): string {
  return `${formatDate(toDate(value), options)} ${formatTime(value, options)}`;
}

/** "01:02:03" for a remaining duration in milliseconds; never negative, hours grow past 99 if asked. */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.floor(remainingMs / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}

/** The visitor's IANA zone, "Europe/Bucharest", to say which zone the times are in. */
export function localTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function toDate(value: Instant): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * The calendar day ("2025-07-05") on which an instant falls in the given zone (the visitor's by default).
 * A bare calendar day stays itself.
 */
export function localDay(value: Instant, { timeZone }: ZoneOption = {}): string {
  if (typeof value === 'string' && DATE_ONLY.test(value)) return value;
  return zonedTime(toDate(value), timeZone).date;
}

/** The day a session falls on in the visitor's zone; one known only by its day (old seasons) keeps that day. */
export function sessionDay(entry: { startTimeUtc: string | null; date: string }, options: ZoneOption = {}): string {
  return localDay(entry.startTimeUtc ?? entry.date, options);
}

/**
 * The days a weekend spans in the visitor's zone, from its first session's day to its last one's: the one rule
 * every page uses for a meeting's days (a race at 16:00 UTC on Sunday is Monday in Tokyo).
 */
export function weekendDaySpan(
  sessions: { startTimeUtc: string | null; date: string }[],
  fallback: { startDate: string; endDate: string },
  options: ZoneOption = {},
): { firstDay: string; lastDay: string } {
  const days = sessions.map((entry) => sessionDay(entry, options)).sort();
  return { firstDay: days[0] ?? localDay(fallback.startDate, options), lastDay: days.at(-1) ?? localDay(fallback.endDate, options) };
}

/** "Saturday" for a calendar day ("2025-07-05"). */
export function formatWeekday(day: string): string {
  return dateTimeFormat(LOCALE, { weekday: 'long', timeZone: 'UTC' }).format(toDate(day));
}

/** "July 2025" for a month (1-12) of a year. */
export function formatMonth(year: number, month: number): string {
  return dateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 1),
  );
}

/**
 * A span of calendar days, day/month/year, sharing what the ends share:
 * "04–06/07/2025", "28/02–02/03/2025", "30/12/2025–01/01/2026", or one day, "14/03/2010".
 */
export function formatDayRange(firstDay: string, lastDay: string): string {
  const [first, last] = [formatDate(firstDay), formatDate(lastDay)];
  if (first === last) return first;
  const sameYear = firstDay.slice(0, 4) === lastDay.slice(0, 4);
  const sameMonth = sameYear && firstDay.slice(5, 7) === lastDay.slice(5, 7);
  const start = sameMonth ? first.slice(0, 2) : sameYear ? first.slice(0, 5) : first;
  return `${start}–${last}`;
}

const TYPED_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const TYPED_TIME = /^(\d{1,2}):(\d{2})$/;

/** A day typed as the site writes it, "5/7/2025" or "05/07/2025", as "2025-07-05"; null when it is no real day. */
export function parseTypedDay(text: string): string | null {
  const match = TYPED_DAY.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** A 24-hour time typed as "9:05" or "09:05", as "09:05"; null when it is no time of day. */
export function parseTypedTime(text: string): string | null {
  const match = TYPED_TIME.exec(text.trim());
  if (!match) return null;
  const [hours, minutes] = match.slice(1).map(Number) as [number, number];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
