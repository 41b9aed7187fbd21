/**
 * F1's points rules: the points system of each season from 1991 on, the 2014 finale's double points, and the
 * countback that separates drivers level on points. Pure functions: no database, no clock.
 */

export type PointsSystem = {
  /** Points by finishing position (index 0 is the winner). */
  race: number[];
  sprint: number[];
  /** The bonus for the fastest lap of a race, given only to a driver classified in the top ten; 0 when none. */
  fastestLap: number;
  /** Double points for the season's last race (2014 only). */
  doubleFinale: boolean;
};

/** Every result counts from 1991 on; before, dropped scores make the arithmetic a different game. */
export const FIRST_EVERY_RESULT_SEASON = 1991;

const RACE_1991 = [10, 6, 4, 3, 2, 1];
const RACE_2003 = [10, 8, 6, 5, 4, 3, 2, 1];
const RACE_2010 = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1];
const SPRINT_2021 = [3, 2, 1];
const SPRINT_2022 = [8, 7, 6, 5, 4, 3, 2, 1];

/** The points system of a season, or null before 1991. */
export function pointsSystem(season: number): PointsSystem | null {
  if (season < FIRST_EVERY_RESULT_SEASON) return null;
  const race = season >= 2010 ? RACE_2010 : season >= 2003 ? RACE_2003 : RACE_1991;
  const sprint = season >= 2022 ? SPRINT_2022 : season === 2021 ? SPRINT_2021 : [];
  // The fastest-lap point ran from 2019 to 2024.
  const fastestLap = season >= 2019 && season <= 2024 ? 1 : 0;
  return { race, sprint, fastestLap, doubleFinale: season === 2014 };
}

/** The multiplier of a season's race in a round: 2 for the 2014 finale, else 1. */
export function raceMultiplier(system: PointsSystem, round: number, finalRound: number): number {
  return system.doubleFinale && round === finalRound ? 2 : 1;
}

/** Countback: more wins first, then more second places, and so on. Positive when a is ahead. */
export function countback(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
