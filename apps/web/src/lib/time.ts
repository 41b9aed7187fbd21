/**
 * Formatting of instants for people: the only place where UTC becomes the visitor's local time.
 * The spec shows local time in the Romanian locale's format: dates day-month-year ("05.07.2025"),
 * the 24-hour clock ("14:00"). `timeZone` defaults to the visitor's zone; tests pass one.
 */
const LOCALE = 'ro-RO';

type Instant = string | number | Date;
type ZoneOption = { timeZone?: string };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "05.07.2025". A bare calendar day ("2025-07-05", as meeting dates come) has no zone and is
 * shown as that same day everywhere.
 */
export function formatDate(value: Instant, { timeZone }: ZoneOption = {}): string {
  const calendarDay = typeof value === 'string' && DATE_ONLY.test(value);
  return new Intl.DateTimeFormat(LOCALE, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: calendarDay ? 'UTC' : timeZone,
  }).format(toDate(value));
}

/** "14:00" */
export function formatTime(value: Instant, { timeZone }: ZoneOption = {}): string {
  return new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    toDate(value),
  );
}

/** "05.07.2025 14:00" */
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
