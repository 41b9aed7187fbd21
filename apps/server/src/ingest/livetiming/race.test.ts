import { describe, expect, it } from 'vitest';
import { deriveRaceResults } from './race';
import { formatGap, formatLapsBehind, parseLapsBehind, parseTime } from '../../modules/f1/lap-times';

describe('times as F1DB writes them', () => {
  it('reads lap times, gaps and race times, and writes gaps with minutes once past one', () => {
    expect(parseTime('1:12.386')).toBe(72_386);
    expect(parseTime('+60.621')).toBe(60_621);
    expect(parseTime('1:43:44.291')).toBe(6_224_291);
    expect(parseTime('LAP 51')).toBeUndefined();
    expect(parseTime('')).toBeUndefined();
    expect(formatGap(60_621)).toBe('+1:00.621');
    expect(formatGap(672)).toBe('+0.672');
    expect(formatGap(3_725_004)).toBe('+1:02:05.004');
  });

  it('reads the timing screen’s laps behind and writes F1DB’s', () => {
    expect(parseLapsBehind('1L')).toBe(1);
    expect(parseLapsBehind('+12 L')).toBe(12);
    expect(parseLapsBehind('+0.672')).toBeUndefined();
    expect(formatLapsBehind(1)).toBe('+1 lap');
    expect(formatLapsBehind(2)).toBe('+2 laps');
  });
});

describe('deriveRaceResults', () => {
  const car = (position: number, fields: Record<string, unknown>) => ({ Position: String(position), ...fields });
  const timing = {
    state: {
      Lines: {
        '81': car(1, { NumberOfLaps: 57, GapToLeader: 'LAP 57', IntervalToPositionAhead: { Value: 'LAP 57' } }),
        '4': car(2, { NumberOfLaps: 57, GapToLeader: '+64.630', IntervalToPositionAhead: { Value: '+64.630' } }),
        '27': car(3, { NumberOfLaps: 56, GapToLeader: '1L', IntervalToPositionAhead: { Value: '1L' } }),
        '2': car(4, { NumberOfLaps: 55, GapToLeader: '2L', IntervalToPositionAhead: { Value: '+31.100' } }),
        '30': car(5, { NumberOfLaps: 51, GapToLeader: '', Stopped: true }),
        '5': car(6, { NumberOfLaps: 40, GapToLeader: '17L' }),
        '7': car(7, { NumberOfLaps: 30, Retired: true, Stopped: true, GapToLeader: '27L' }),
        '87': car(8, { Stopped: true }),
      },
    },
  };
  const appData = { state: { Lines: { '81': { GridPos: '4' }, '4': { GridPos: '2' }, '27': { GridPos: '' }, '87': { GridPos: '0' } } } };

  it('classifies by laps: 90% of the winner’s (rounded down) is classified, else NC while running or DNF', () => {
    const rows = deriveRaceResults({ timing, appData, status: undefined });
    expect(rows.map(({ racingNumber, position, laps, gap, interval, gridPosition }) => ({ racingNumber, position, laps, gap, interval, gridPosition }))).toEqual([
      { racingNumber: '81', position: 1, laps: 57, gap: null, interval: null, gridPosition: 4 },
      { racingNumber: '4', position: 2, laps: 57, gap: '+1:04.630', interval: '+1:04.630', gridPosition: 2 },
      { racingNumber: '27', position: 3, laps: 56, gap: '+1 lap', interval: null, gridPosition: null },
      { racingNumber: '2', position: 4, laps: 55, gap: '+2 laps', interval: null, gridPosition: null },
      { racingNumber: '30', position: 5, laps: 51, gap: null, interval: null, gridPosition: null },
      { racingNumber: '5', position: 'NC', laps: 40, gap: null, interval: null, gridPosition: null },
      { racingNumber: '7', position: 'DNF', laps: 30, gap: null, interval: null, gridPosition: null },
      { racingNumber: '87', position: 'DNF', laps: 0, gap: null, interval: null, gridPosition: null },
    ]);
  });

  it('without the history, cannot tell a car that never started: it is a DNF with no laps', () => {
    const rows = deriveRaceResults({ timing, appData: undefined, status: undefined });
    expect(rows.find((row) => row.racingNumber === '87')).toMatchObject({ position: 'DNF', laps: 0 });
  });
});
