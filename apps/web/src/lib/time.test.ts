import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatDateTime, formatTime } from './time';

describe('time formatting', () => {
  const instant = '2025-07-05T23:30:00Z';

  it('writes dates day-month-year in the given zone', () => {
    expect(formatDate(instant, { timeZone: 'UTC' })).toBe('05.07.2025');
    expect(formatDate(instant, { timeZone: 'Europe/Bucharest' })).toBe('06.07.2025');
    expect(formatDate(instant, { timeZone: 'America/Los_Angeles' })).toBe('05.07.2025');
  });

  it('keeps a bare calendar day the same day in every zone', () => {
    expect(formatDate('2025-07-04', { timeZone: 'America/Los_Angeles' })).toBe('04.07.2025');
    expect(formatDate('2025-07-04', { timeZone: 'Pacific/Auckland' })).toBe('04.07.2025');
  });

  it('shows times on the 24-hour clock in the given zone', () => {
    expect(formatTime(instant, { timeZone: 'UTC' })).toBe('23:30');
    expect(formatTime(instant, { timeZone: 'Asia/Kolkata' })).toBe('05:00');
    expect(formatTime('2025-07-05T00:05:00Z', { timeZone: 'UTC' })).toBe('00:05');
    expect(formatDateTime(instant, { timeZone: 'Europe/Bucharest' })).toBe('06.07.2025 02:30');
  });

  it('formats countdowns as HH:MM:SS', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(999)).toBe('00:00:00');
    expect(formatCountdown(61_000)).toBe('00:01:01');
    expect(formatCountdown(23 * 3600_000 + 59 * 60_000 + 59_999)).toBe('23:59:59');
    expect(formatCountdown(30 * 3600_000)).toBe('30:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });
});
