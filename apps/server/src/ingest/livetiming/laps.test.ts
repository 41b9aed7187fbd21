import { describe, expect, it } from 'vitest';
import { deriveLaps } from './laps';
import type { StreamMessage } from './stream';

const at = (offsetMs: number, lines: Record<string, Record<string, unknown>>): StreamMessage => ({ offsetMs, delta: { Lines: lines } });

describe('deriveLaps', () => {
  it('gives a lap the time sent just after it ended, or just before, and the last sector likewise', () => {
    const laps = deriveLaps(
      [
        at(0, { '1': { NumberOfLaps: 0 }, '2': { NumberOfLaps: 0 } }),
        at(100_000, { '1': { NumberOfLaps: 1, Sectors: { '2': { Value: '30.000' } } } }),
        at(101_000, { '2': { NumberOfLaps: 1 } }),
        at(130_000, { '1': { Sectors: { '0': { Value: '31.000' } } } }),
        // Car 1's lap 2 time arrives a second before its lap count goes up; car 2's arrives after.
        at(189_000, { '1': { LastLapTime: { Value: '1:29.000' }, Sectors: { '2': { Value: '28.500' } } } }),
        at(190_000, { '1': { NumberOfLaps: 2 } }),
        at(192_000, { '2': { NumberOfLaps: 2 } }),
        at(192_500, { '2': { LastLapTime: { Value: '1:31.000' } } }),
      ],
      true,
    );
    const [first, second] = laps;
    expect(first!.laps.map((lap) => [lap.lap, lap.timeMs, lap.position, lap.gapToLeaderMs])).toEqual([
      [1, null, 1, 0],
      [2, 89_000, 1, 0],
    ]);
    expect(first!.laps[1]!.sectorsMs).toEqual([31_000, null, 28_500]);
    expect(second!.laps.map((lap) => [lap.lap, lap.timeMs, lap.position, lap.gapToLeaderMs])).toEqual([
      [1, null, 2, 1_000],
      [2, 91_000, 2, 2_000],
    ]);
  });

  it('records pit visits with their in- and out-laps and pit-lane time, and drops a garage out-lap’s partial time', () => {
    const [car] = deriveLaps(
      [
        at(0, { '1': { NumberOfLaps: 0, InPit: true } }),
        at(10_000, { '1': { InPit: false, PitOut: true } }),
        at(100_000, { '1': { NumberOfLaps: 1, LastLapTime: { Value: '1:01.871' } } }),
        at(150_000, { '1': { Sectors: { '0': { Value: '30.000' } } } }),
        at(180_000, { '1': { InPit: true } }),
        at(190_000, { '1': { NumberOfLaps: 2, LastLapTime: { Value: '1:35.000' } } }),
        at(210_500, { '1': { InPit: false, PitOut: true } }),
      ],
      false,
    );
    expect(car!.pitVisits).toEqual([{ inLap: 2, outLap: 3, inAtMs: 180_000, pitLaneMs: 30_500 }]);
    expect(car!.laps.map((lap) => [lap.lap, lap.timeMs, lap.pitIn, lap.pitOut])).toEqual([
      [1, null, false, true],
      [2, 95_000, true, false],
    ]);
  });
});
