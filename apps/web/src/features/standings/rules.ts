import { driverCode, type Driver, type ResultsKnown, type Team } from '@slipstream/contract';
import { formatPoints } from '../../lib/points';

/** A gap to the leader is shown only under this many points (docs/product.md, Standings). */
const GAP_LIMIT_POINTS = 300;

/**
 * docs/product.md (Standings) hides points for every team when any has none. That rule is for a season with no standings yet; once
 * some team has points, one without (a team yet to start) is listed unclassified and the others keep theirs.
 */
export function teamPointsShown(teams: Team[]): boolean {
  return teams.some((team) => team.nrpuncte !== null);
}

/** An entrant of a table with standings who has none (yet): listed last, without position or points. */
export function unclassified(entry: { pozitie: number | null }): boolean {
  return entry.pozitie === null;
}

/**
 * Why an entry of the season has no place: the standings are read after the last race with results, and it has
 * scored no classified result up to then (it joined later, or its races' results are not in yet).
 */
export function unclassifiedText(standingsAfter: ResultsKnown): string {
  if (!standingsAfter.race) return 'No standing yet: no race of the season has results yet';
  return `No standing yet: no classified result up to round ${standingsAfter.race.round}, the last with results`;
}

export type DriverStanding = {
  driver: Driver;
  /** "Gap to NOR: -2p"; null for the leader, a gap of 300 points or more, an unclassified driver, or hidden standings. */
  gap: string | null;
};

export type DriverStandings = {
  /**
   * False when no driver has a position and points yet (a season before its first race): then positions, points
   * and gaps are hidden for all, as docs/product.md (Standings) asks. A single driver without them does not hide the others'.
   */
  placed: boolean;
  rows: DriverStanding[];
};

type PlacedDriver = Driver & { pozitie: number; puncte: number };
const isPlaced = (driver: Driver): driver is PlacedDriver => driver.pozitie !== null && driver.puncte !== null;

export function driverStandings(drivers: Driver[]): DriverStandings {
  const leader = leaderOf(drivers.filter(isPlaced));
  return {
    placed: leader !== undefined,
    rows: drivers.map((driver) => ({ driver, gap: leader && isPlaced(driver) ? gapLine(driver, leader) : null })),
  };
}

function leaderOf(drivers: PlacedDriver[]): PlacedDriver | undefined {
  return drivers.reduce<PlacedDriver | undefined>((best, driver) => (best === undefined || driver.pozitie < best.pozitie ? driver : best), undefined);
}

function gapLine(driver: PlacedDriver, leader: PlacedDriver): string | null {
  if (driver._id === leader._id) return null;
  const gap = leader.puncte - driver.puncte;
  if (gap >= GAP_LIMIT_POINTS) return null;
  return `Gap to ${driverCode(leader.alDoileaNume)}: -${formatPoints(gap)}p`;
}

export { formatPoints };
