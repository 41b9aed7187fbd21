import type { CompareStats, HeadToHeadCount, ProgressionPoint } from '@slipstream/contract';

/** The rows the numbers are counted from, as the queries give them (already limited to the scope and clock). */
export type RaceEntry = {
  year: number;
  round: number;
  raceId: number;
  session: 'RACE' | 'SPRINT';
  driverId: string;
  positionNumber: number | null;
  positionText: string;
  order: number;
  points: number | null;
};
export type QualifyingEntry = { raceId: number; driverId: string; positionNumber: number | null };

/** Classifications that are not a start: the driver never took the start of the race. */
const NON_STARTS = new Set(['DNS', 'DNQ', 'DNPQ', 'DNP']);
const started = (entry: RaceEntry) => entry.session === 'RACE' && !NON_STARTS.has(entry.positionText);

export const DEFINITIONS = {
  qualifying: 'Qualifying: the sessions both drivers were classified in with a position; the better qualifying position wins.',
  race: 'Race: the grands prix both drivers started; the one classified ahead wins, a retirement ranking by laps completed as the result lists it. Sprints are not counted.',
};

export function stats(entries: RaceEntry[], qualifying: QualifyingEntry[]): CompareStats {
  const races = entries.filter((e) => e.session === 'RACE');
  const finishes = races.map((e) => e.positionNumber).filter((p): p is number => p !== null);
  return {
    starts: races.filter(started).length,
    points: roundPoints(entries.reduce((sum, e) => sum + (e.points ?? 0), 0)),
    wins: races.filter((e) => e.positionNumber === 1).length,
    poles: qualifying.filter((q) => q.positionNumber === 1).length,
    podiums: races.filter((e) => e.positionNumber !== null && e.positionNumber <= 3).length,
    retirements: races.filter((e) => e.positionText === 'DNF').length,
    averageFinish: finishes.length > 0 ? Math.round((finishes.reduce((a, b) => a + b, 0) / finishes.length) * 100) / 100 : null,
  };
}

/** Races both started; the one ahead in the classification (a shared drive counts the driver's best car). */
export function raceHeadToHead(a: RaceEntry[], b: RaceEntry[]): HeadToHeadCount {
  return duel(bestBy(a.filter(started), (e) => e.order), bestBy(b.filter(started), (e) => e.order));
}

/** Qualifying sessions both were classified in with a position; the better position. */
export function qualifyingHeadToHead(a: QualifyingEntry[], b: QualifyingEntry[]): HeadToHeadCount {
  const placed = (list: QualifyingEntry[]) => list.filter((q) => q.positionNumber !== null);
  return duel(bestBy(placed(a), (q) => q.positionNumber!), bestBy(placed(b), (q) => q.positionNumber!));
}

function duel(a: Map<number, number>, b: Map<number, number>): HeadToHeadCount {
  const count = { races: 0, a: 0, b: 0 };
  for (const [raceId, placeA] of a) {
    const placeB = b.get(raceId);
    if (placeB === undefined) continue;
    count.races++;
    if (placeA < placeB) count.a++;
    else if (placeB < placeA) count.b++;
  }
  return count;
}

/** The best (lowest) place per race. */
function bestBy<T extends { raceId: number }>(list: T[], place: (item: T) => number): Map<number, number> {
  const best = new Map<number, number>();
  for (const item of list) best.set(item.raceId, Math.min(best.get(item.raceId) ?? Infinity, place(item)));
  return best;
}

/**
 * Cumulative points at each step (rounds of a season, or seasons of careers): null until the driver's first
 * entry, then the running total.
 */
export function progression(
  steps: { at: number; label: string }[],
  a: RaceEntry[],
  b: RaceEntry[],
  stepOf: (entry: RaceEntry) => number,
): ProgressionPoint[] {
  const running = (entries: RaceEntry[]) => {
    let total = 0;
    let started = false;
    return (at: number) => {
      for (const entry of entries.filter((e) => stepOf(e) === at)) {
        started = true;
        total += entry.points ?? 0;
      }
      return started ? roundPoints(total) : null;
    };
  };
  const [nextA, nextB] = [running(a), running(b)];
  return steps.map((step) => ({ ...step, a: nextA(step.at), b: nextB(step.at) }));
}

/** Half points (12.5) add up exactly, but summing many floats can leave dust: keep one decimal. */
function roundPoints(points: number): number {
  return Math.round(points * 10) / 10;
}
