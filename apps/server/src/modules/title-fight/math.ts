/**
 * The pure title-fight arithmetic: standings with countback (F1's points rules are in f1/points.ts), who can still
 * win, and a fan's what-if applied to a standing. No database, no clock: every rule is testable by hand.
 */

import { countback, FIRST_EVERY_RESULT_SEASON, type PointsSystem } from '../f1/points';

export type EventKind = 'RACE' | 'SPRINT';

/** A race or sprint still to run. multiplier is 2 for the 2014 finale's double points. */
export type OpenEvent = { round: number; kind: EventKind; multiplier: number };

/** The title fight covers the seasons in which every result counts. */
export const FIRST_TITLE_FIGHT_SEASON = FIRST_EVERY_RESULT_SEASON;

/** A driver's or team's standing: points, and race finishes by position for the countback (index 0: wins). */
export type Tally = { id: string; points: number; finishes: number[] };

/** Positive when a is ahead of b: more points, then the countback. */
function compareTallies(a: Tally, b: Tally): number {
  return a.points !== b.points ? a.points - b.points : countback(a.finishes, b.finishes);
}

export type Ranked = Tally & { position: number };

/** Best first; tallies level on points and countback share a position. */
export function rank(tallies: Tally[]): Ranked[] {
  const sorted = [...tallies].sort((a, b) => compareTallies(b, a) || a.id.localeCompare(b.id));
  return sorted.map((tally, i) => {
    let position = i + 1;
    while (position > 1 && compareTallies(sorted[position - 2]!, tally) === 0) position--;
    return { ...tally, position };
  });
}

export type Subject = 'drivers' | 'constructors';

/** How many cars of one entry can score in a race: one driver, or a team's two cars. */
const CARS: Record<Subject, number> = { drivers: 1, constructors: 2 };

/** The most points one driver (or team) can still add over the open events. */
export function maxGain(system: PointsSystem, open: OpenEvent[], subject: Subject): number {
  const cars = CARS[subject];
  return open.reduce((sum, event) => {
    const table = event.kind === 'RACE' ? system.race : system.sprint;
    const positions = table.slice(0, cars).reduce((a, b) => a + b, 0);
    const bonus = event.kind === 'RACE' ? system.fastestLap : 0;
    return sum + (positions + bonus) * event.multiplier;
  }, 0);
}

/** The tally of an entry that takes every remaining race (a team: first and second) and every bonus point. */
function bestCase(tally: Tally, system: PointsSystem, open: OpenEvent[], subject: Subject): Tally {
  const races = open.filter((e) => e.kind === 'RACE').length;
  const finishes = [...tally.finishes];
  for (let place = 0; place < CARS[subject]; place++) finishes[place] = (finishes[place] ?? 0) + races;
  return { id: tally.id, points: tally.points + maxGain(system, open, subject), finishes: fill(finishes) };
}

export type TitleStatus = 'champion' | 'contender' | 'eliminated';

export type Chance = Ranked & {
  status: TitleStatus;
  /** Points still available to this entry. */
  maxPoints: number;
  /** Points behind the leader now (0 for the leader). */
  behind: number;
};

/**
 * Who can still win. An entry can while, taking everything that is left, it would finish ahead of every
 * rival standing still (rivals can always finish behind it, out of the points). The leader is champion once
 * no one else can; then every other entry is eliminated.
 */
export function titleChances(tallies: Tally[], system: PointsSystem, open: OpenEvent[], subject: Subject): Chance[] {
  const ranked = rank(tallies);
  const leaderPoints = ranked[0]?.points ?? 0;
  const canWin = (tally: Tally) => {
    const best = bestCase(tally, system, open, subject);
    return tallies.every((rival) => rival.id === tally.id || compareTallies(best, rival) > 0);
  };
  const possible = new Set(ranked.filter(canWin).map((t) => t.id));
  const decided = possible.size === 1;
  const gain = maxGain(system, open, subject);
  return ranked.map((tally) => ({
    ...tally,
    status: !possible.has(tally.id) ? 'eliminated' : decided ? 'champion' : 'contender',
    maxPoints: tally.points + gain,
    behind: leaderPoints - tally.points,
  }));
}

/** A fan's finishing order for one open event: driver ids from first place down, and the fastest lap. */
export type EventPick = { round: number; kind: EventKind; order: string[]; fastestLap: string | null };

/**
 * Adds the picked finishes to the drivers' tallies and, through teamOf, to the teams'. A fastest-lap point
 * goes only to a driver picked in the top ten, as the rules give it. Picks for events that are not open are
 * ignored; the events picked are no longer open.
 */
export function applyPicks(
  standing: { drivers: Tally[]; constructors: Tally[] },
  system: PointsSystem,
  open: OpenEvent[],
  picks: EventPick[],
  teamOf: (driverId: string) => string | undefined,
): { drivers: Tally[]; constructors: Tally[]; open: OpenEvent[] } {
  const drivers = new Map(standing.drivers.map((t) => [t.id, copy(t)]));
  const constructors = new Map(standing.constructors.map((t) => [t.id, copy(t)]));
  const add = (driverId: string, points: number, place: number | null) => {
    const teamId = teamOf(driverId);
    const targets = [entry(drivers, driverId), ...(teamId ? [entry(constructors, teamId)] : [])];
    for (const tally of targets) {
      tally.points += points;
      if (place !== null) tally.finishes[place] = (tally.finishes[place] ?? 0) + 1;
    }
  };
  const picked = new Set<string>();
  for (const pick of picks) {
    const event = open.find((e) => e.round === pick.round && e.kind === pick.kind);
    if (!event || picked.has(eventKey(event))) continue;
    picked.add(eventKey(event));
    const table = event.kind === 'RACE' ? system.race : system.sprint;
    pick.order.forEach((driverId, place) => {
      add(driverId, (table[place] ?? 0) * event.multiplier, event.kind === 'RACE' ? place : null);
    });
    const fastestPlace = pick.fastestLap ? pick.order.indexOf(pick.fastestLap) : -1;
    if (event.kind === 'RACE' && system.fastestLap > 0 && fastestPlace >= 0 && fastestPlace < 10) {
      add(pick.fastestLap!, system.fastestLap * event.multiplier, null);
    }
  }
  const done = (map: Map<string, Tally>) => [...map.values()].map((t) => ({ ...t, finishes: fill(t.finishes) }));
  return { drivers: done(drivers), constructors: done(constructors), open: open.filter((e) => !picked.has(eventKey(e))) };
}

export function eventKey(event: { round: number; kind: EventKind }): string {
  return `${event.round}${event.kind === 'SPRINT' ? 's' : ''}`;
}

function entry(map: Map<string, Tally>, id: string): Tally {
  let tally = map.get(id);
  if (!tally) {
    tally = { id, points: 0, finishes: [] };
    map.set(id, tally);
  }
  return tally;
}

function copy(tally: Tally): Tally {
  return { id: tally.id, points: tally.points, finishes: [...tally.finishes] };
}

/** Sparse finishes (a place never reached) become zeros, so the arrays compare and serialise cleanly. */
function fill(finishes: number[]): number[] {
  return Array.from({ length: finishes.length }, (_, i) => finishes[i] ?? 0);
}
