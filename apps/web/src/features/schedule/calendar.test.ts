import { describe, expect, it } from 'vitest';
import { addMonths, isInMonth, monthGrid, monthOf } from './calendar';

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe('the month grid', () => {
  it('holds 42 days from the Monday on or before the first of the month', () => {
    const july = monthGrid({ year: 2025, month: 7 });
    expect(july).toHaveLength(42);
    expect(july[0]).toBe('2025-06-30');
    expect(july.at(-1)).toBe('2025-08-10');
    expect(july.filter((day) => weekday(day) === 1)).toHaveLength(6);
  });

  it('starts on the first itself when the month begins on a Monday', () => {
    expect(monthGrid({ year: 2025, month: 9 })[0]).toBe('2025-09-01');
  });

  it('starts six days back when the month begins on a Sunday, and still fits a 31-day month', () => {
    const june = monthGrid({ year: 2025, month: 6 });
    expect(june[0]).toBe('2025-05-26');
    expect(june).toContain('2025-06-30');
  });

  it('runs through the end of February and across a year', () => {
    const february = monthGrid({ year: 2024, month: 2 });
    expect(february).toContain('2024-02-29');
    expect(february[0]).toBe('2024-01-29');
    const december = monthGrid({ year: 2025, month: 12 });
    expect(december.at(-1)).toBe('2026-01-11');
  });

  it('steps across year boundaries', () => {
    expect(addMonths({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2025, month: 7 }, -19)).toEqual({ year: 2023, month: 12 });
  });

  it('knows which month a day belongs to', () => {
    expect(monthOf('2025-07-06')).toEqual({ year: 2025, month: 7 });
    expect(isInMonth('2025-06-30', { year: 2025, month: 7 })).toBe(false);
    expect(isInMonth('2025-07-01', { year: 2025, month: 7 })).toBe(true);
  });
});
