import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatDate,
  formatDateTime,
  parseTypedDay,
  parseTypedTime,
  formatDayRange,
  formatMonth,
  formatTime,
  formatWeekday,
  localDay,
} from './time';

describe('time formatting', () => {
  const instant = '2025-07-05T23:30:00Z';

  it('writes dates day-month-year in the given zone', () => {
    expect(formatDate(instant, { timeZone: 'UTC' })).toBe('05/07/2025');
    expect(formatDate(instant, { timeZone: 'Europe/Bucharest' })).toBe('06/07/2025');
    expect(formatDate(instant, { timeZone: 'America/Los_Angeles' })).toBe('05/07/2025');
  });

  it('keeps a bare calendar day the same day in every zone', () => {
    expect(formatDate('2025-07-04', { timeZone: 'America/Los_Angeles' })).toBe('04/07/2025');
    expect(formatDate('2025-07-04', { timeZone: 'Pacific/Auckland' })).toBe('04/07/2025');
  });

  it('shows times on the 24-hour clock in the given zone', () => {
    expect(formatTime(instant, { timeZone: 'UTC' })).toBe('23:30');
    expect(formatTime(instant, { timeZone: 'Asia/Kolkata' })).toBe('05:00');
    expect(formatTime('2025-07-05T00:05:00Z', { timeZone: 'UTC' })).toBe('00:05');
    expect(formatDateTime(instant, { timeZone: 'Europe/Bucharest' })).toBe('06/07/2025 02:30');
  });

  it('formats countdowns as HH:MM:SS', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(999)).toBe('00:00:00');
    expect(formatCountdown(61_000)).toBe('00:01:01');
    expect(formatCountdown(23 * 3600_000 + 59 * 60_000 + 59_999)).toBe('23:59:59');
    expect(formatCountdown(30 * 3600_000)).toBe('30:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });

  it('finds the calendar day of an instant in the given zone, and keeps a bare day', () => {
    expect(localDay(instant, { timeZone: 'UTC' })).toBe('2025-07-05');
    expect(localDay(instant, { timeZone: 'Asia/Tokyo' })).toBe('2025-07-06');
    expect(localDay('2025-01-01T03:00:00Z', { timeZone: 'America/New_York' })).toBe('2024-12-31');
    expect(localDay('2010-03-14', { timeZone: 'Pacific/Honolulu' })).toBe('2010-03-14');
  });

  it('names weekdays and months in English', () => {
    expect(formatWeekday('2025-07-05')).toBe('Saturday');
    expect(formatWeekday('2025-07-06')).toBe('Sunday');
    expect(formatMonth(2025, 7)).toBe('July 2025');
    expect(formatMonth(2026, 1)).toBe('January 2026');
  });

  it('writes a span of days sharing what its ends share', () => {
    expect(formatDayRange('2025-07-04', '2025-07-06')).toBe('04–06/07/2025');
    expect(formatDayRange('2025-05-30', '2025-06-01')).toBe('30/05–01/06/2025');
    expect(formatDayRange('2025-12-30', '2026-01-01')).toBe('30/12/2025–01/01/2026');
    expect(formatDayRange('2010-03-14', '2010-03-14')).toBe('14/03/2010');
  });
});

describe('typed days and times', () => {
  it('read a day typed as the site writes it, and refuse what is no real day', () => {
    expect(parseTypedDay('05/07/2025')).toBe('2025-07-05');
    expect(parseTypedDay(' 5/7/2025 ')).toBe('2025-07-05');
    expect(parseTypedDay('31/02/2025')).toBeNull();
    expect(parseTypedDay('05.07.2025')).toBeNull();
    expect(parseTypedDay('07/05/2025')).toBe('2025-05-07');
    expect(parseTypedDay('')).toBeNull();
  });

  it('read a 24-hour time, and refuse what is no time of day', () => {
    expect(parseTypedTime('9:05')).toBe('09:05');
    expect(parseTypedTime('23:59')).toBe('23:59');
    expect(parseTypedTime('24:00')).toBeNull();
    expect(parseTypedTime('1:30 PM')).toBeNull();
  });
});
