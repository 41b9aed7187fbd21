import { pointsSystem, raceMultiplier } from '../../modules/f1/points';

/** What the points of one race or sprint depend on besides its classification. */
export type PointsRace = {
  year: number;
  round: number;
  /** The season's last round: the 2014 finale paid double. */
  finalRound: number;
  /** Laps the race (or sprint) was scheduled to run; a classification with fewer was shortened. */
  scheduledLaps: number;
};

export type ScoredRow = { driverId: string; positionNumber: number | null; laps: number | null };

/** Race points by finishing place of a race stopped short, from 2023 on, by the share of the distance run. */
const SHORTENED_2023: { below: number; points: number[] }[] = [
  { below: 0.25, points: [6, 4, 3, 2, 1] },
  { below: 0.5, points: [13, 10, 8, 6, 5, 4, 3, 2, 1] },
  { below: 0.75, points: [19, 14, 12, 9, 8, 6, 5, 3, 2, 1] },
];

/** Fewer laps than this by the leader, from 2023 on, and a shortened race pays nothing. */
const MINIMUM_LAPS_2023 = 2;

/** Through 2021 a race that ran less than three quarters of its distance paid half points. */
const HALF_POINTS_BELOW = 0.75;

/**
 * The points of each row of a race or sprint classification (in its order), by the season's points system:
 * the places in the points, the 2014 finale's double points, the fastest-lap point (2019-2024, only to a driver
 * classified in the top ten, and not in a shortened race), and the points of a race stopped short: half through
 * 2021 below 75% of the distance, and from 2023 the sliding scale by the share run. 2022 shortened only races
 * suspended and never resumed, which a classification cannot tell, so 2022 races pay in full (Suzuka 2022 did).
 * A sprint stopped short pays in full: its rules varied and no sprint since 2021 was.
 */
export function classificationPoints(race: PointsRace, session: 'RACE' | 'SPRINT', rows: ScoredRow[], fastestLapDriverId: string | null): number[] {
  const system = pointsSystem(race.year);
  if (!system) throw new Error(`No points system is known for ${race.year}`);
  if (session === 'SPRINT') return rows.map((row) => placePoints(system.sprint, row.positionNumber));

  const winnerLaps = rows.find((row) => row.positionNumber === 1)?.laps ?? null;
  const share = winnerLaps === null || race.scheduledLaps <= 0 ? 1 : winnerLaps / race.scheduledLaps;
  const multiplier = raceMultiplier(system, race.round, race.finalRound);
  const { table, factor } = shortenedScale(race.year, share, winnerLaps, system.race);
  const fullDistance = table === system.race && factor === 1;
  return rows.map((row) => {
    const bonus = fullDistance && row.driverId === fastestLapDriverId && row.positionNumber !== null && row.positionNumber <= 10 ? system.fastestLap : 0;
    return (placePoints(table, row.positionNumber) * factor + bonus) * multiplier;
  });
}

function shortenedScale(year: number, share: number, winnerLaps: number | null, full: number[]): { table: number[]; factor: number } {
  if (share >= HALF_POINTS_BELOW) return { table: full, factor: 1 };
  if (year <= 2021) return { table: full, factor: 0.5 };
  if (year === 2022) return { table: full, factor: 1 };
  if (winnerLaps !== null && winnerLaps < MINIMUM_LAPS_2023) return { table: [], factor: 1 };
  return { table: SHORTENED_2023.find((scale) => share < scale.below)!.points, factor: 1 };
}

function placePoints(table: number[], position: number | null): number {
  return position === null ? 0 : (table[position - 1] ?? 0);
}
