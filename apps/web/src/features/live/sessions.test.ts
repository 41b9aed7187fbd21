import type { TimetableEntry } from '@slipstream/contract';
import { describe, expect, it } from 'vitest';
import { nextBoundary, sessionsAt, stateAt } from './sessions';

const entry = (session: TimetableEntry['session'], start: string, end: string, cancelled?: true): TimetableEntry => ({
  session,
  description: session,
  startTime: null,
  gmtOffset: '+01:00',
  startTimeUtc: start,
  endTimeUtc: end,
  date: start.slice(0, 10),
  status: 'upcoming',
  results: null,
  ...(cancelled ? { cancelled } : {}),
});

describe('a weekend with a cancelled session', () => {
  const qualifying = entry('QUALIFYING', '2025-07-05T14:00:00.000Z', '2025-07-05T15:00:00.000Z', true);
  const race = entry('RACE', '2025-07-06T14:00:00.000Z', '2025-07-06T16:00:00.000Z');
  const now = Date.parse('2025-07-05T14:30:00Z');

  it('never has the cancelled session running or next, and marks it cancelled', () => {
    expect(sessionsAt([qualifying, race], now)).toEqual({ running: undefined, next: expect.objectContaining({ session: 'RACE' }) });
    expect(stateAt(qualifying, now, race)).toBe('cancelled');
    expect(stateAt(race, now, race)).toBe('next');
    expect(nextBoundary([qualifying, race], now)).toBe(Date.parse('2025-07-06T14:00:00Z'));
  });
});
