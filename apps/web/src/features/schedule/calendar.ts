/** Month arithmetic on calendar days ("2025-07-05"), done in UTC so no zone or daylight change shifts a day. */

/** A month of a year; month runs 1-12. */
export type Month = { year: number; month: number };

/** Six weeks: every month fits, and the grid keeps its height from month to month (docs/product.md, Schedule: 42 days). */
const CALENDAR_DAYS = 42;

const DAY_MS = 24 * 60 * 60 * 1000;

export function monthOf(day: string): Month {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

export function addMonths({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The 42 days shown for a month, from the Monday on or before its first day. */
export function monthGrid({ year, month }: Month): string[] {
  const first = Date.UTC(year, month - 1, 1);
  const daysSinceMonday = (new Date(first).getUTCDay() + 6) % 7;
  const start = first - daysSinceMonday * DAY_MS;
  return Array.from({ length: CALENDAR_DAYS }, (_, index) => new Date(start + index * DAY_MS).toISOString().slice(0, 10));
}

export function isInMonth(day: string, { year, month }: Month): boolean {
  return day.startsWith(`${year}-${String(month).padStart(2, '0')}-`);
}
