import { describe, expect, it } from 'vitest';
import { progression, qualifyingHeadToHead, raceHeadToHead, stats, type RaceEntry } from './stats';

const entry = (driverId: string, raceId: number, order: number, positionText: string, points: number | null = 0, session: 'RACE' | 'SPRINT' = 'RACE'): RaceEntry => ({
  year: 2000 + Math.floor(raceId / 100),
  round: raceId % 100,
  raceId,
  session,
  driverId,
  positionNumber: /^\d+$/.test(positionText) ? Number(positionText) : null,
  positionText,
  order,
  points,
});

describe('the race duel', () => {
  it('counts races both started, the one classified ahead winning, a retirement included', () => {
    const a = [entry('a', 101, 1, '1'), entry('a', 102, 15, 'DNF'), entry('a', 103, 20, 'DNS'), entry('a', 104, 3, '3')];
    const b = [entry('b', 101, 2, '2'), entry('b', 102, 12, 'DNF'), entry('b', 103, 5, '5')];
    expect(raceHeadToHead(a, b)).toEqual({ races: 2, a: 1, b: 1 });
  });

  it('takes a driver’s best car in a shared drive, and leaves sprints out', () => {
    const a = [entry('a', 101, 9, '9'), entry('a', 101, 2, '2'), entry('a', 102, 1, '1', 8, 'SPRINT')];
    const b = [entry('b', 101, 4, '4'), entry('b', 102, 2, '2', 7, 'SPRINT')];
    expect(raceHeadToHead(a, b)).toEqual({ races: 1, a: 1, b: 0 });
  });
});

describe('the qualifying duel', () => {
  it('counts sessions both were placed in', () => {
    const a = [
      { raceId: 1, driverId: 'a', positionNumber: 1 },
      { raceId: 2, driverId: 'a', positionNumber: 4 },
      { raceId: 3, driverId: 'a', positionNumber: 2 },
    ];
    const b = [
      { raceId: 1, driverId: 'b', positionNumber: 3 },
      { raceId: 2, driverId: 'b', positionNumber: 2 },
      { raceId: 3, driverId: 'b', positionNumber: null },
    ];
    expect(qualifyingHeadToHead(a, b)).toEqual({ races: 2, a: 1, b: 1 });
  });
});

describe('the numbers', () => {
  it('count starts, points with sprints, wins, podiums, retirements and the average finish', () => {
    const rows = [
      entry('a', 101, 1, '1', 25),
      entry('a', 101, 1, '1', 8, 'SPRINT'),
      entry('a', 102, 3, '3', 15),
      entry('a', 103, 18, 'DNF', 0),
      entry('a', 104, 20, 'DNS', 0),
      entry('a', 105, 12, '12', 12.5),
    ];
    expect(stats(rows, [{ raceId: 101, driverId: 'a', positionNumber: 1 }])).toEqual({
      starts: 4,
      points: 60.5,
      wins: 1,
      poles: 1,
      podiums: 2,
      retirements: 1,
      averageFinish: 5.33,
    });
    expect(stats([], []).averageFinish).toBeNull();
  });

  it('run up the points step by step, from each driver’s first entry', () => {
    const a = [entry('a', 102, 1, '1', 25), entry('a', 102, 1, '1', 8, 'SPRINT'), entry('a', 103, 2, '2', 18)];
    const b = [entry('b', 101, 1, '1', 25), entry('b', 103, 1, '1', 25)];
    const steps = [1, 2, 3].map((at) => ({ at, label: `R${at}` }));
    expect(progression(steps, a, b, (e) => e.round)).toEqual([
      { at: 1, label: 'R1', a: null, b: 25 },
      { at: 2, label: 'R2', a: 33, b: 25 },
      { at: 3, label: 'R3', a: 51, b: 50 },
    ]);
  });
});
