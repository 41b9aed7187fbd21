import { describe, expect, it } from 'vitest';
import { countback, pointsSystem, raceMultiplier, type PointsSystem } from './points';

const system = (season: number): PointsSystem => pointsSystem(season)!;

describe('points systems', () => {
  it('follows the seasons', () => {
    expect(pointsSystem(1990)).toBeNull();
    expect(system(1995)).toMatchObject({ race: [10, 6, 4, 3, 2, 1], sprint: [], fastestLap: 0 });
    expect(system(2008).race).toEqual([10, 8, 6, 5, 4, 3, 2, 1]);
    expect(system(2014)).toMatchObject({ race: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], doubleFinale: true, fastestLap: 0 });
    expect(system(2019).fastestLap).toBe(1);
    expect(system(2021)).toMatchObject({ sprint: [3, 2, 1], fastestLap: 1 });
    expect(system(2022).sprint).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(system(2024).fastestLap).toBe(1);
    expect(system(2025)).toMatchObject({ fastestLap: 0, doubleFinale: false });
  });

  it('doubles only the 2014 finale', () => {
    expect(raceMultiplier(system(2014), 19, 19)).toBe(2);
    expect(raceMultiplier(system(2014), 18, 19)).toBe(1);
    expect(raceMultiplier(system(2015), 19, 19)).toBe(1);
  });
});

describe('countback', () => {
  it('compares wins, then second places, and so on', () => {
    expect(countback([3, 1], [3, 0])).toBeGreaterThan(0);
    expect(countback([2, 5], [3])).toBeLessThan(0);
    expect(countback([1, 0, 2], [1, 0, 2, 0])).toBe(0);
  });
});
