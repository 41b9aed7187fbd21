import { driverCode, type Driver, type Team } from '@slipstream/contract';
import { formatPoints } from '../../lib/points';

/** A gap to the leader is shown only under this many points (spec section 9). */
export const GAP_LIMIT_POINTS = 300;

/** Points are shown for no team when any team has none (spec: "hidden if any team has null points"). */
export function teamPointsShown(teams: Team[]): boolean {
  return teams.every((team) => team.nrpuncte !== null);
}

export type DriverStanding = {
  driver: Driver;
  /** "Gap to NOR: -2p"; null for the leader, a gap of 300 points or more, or hidden standings. */
  gap: string | null;
};

export type DriverStandings = {
  /** False when any driver lacks a position or points: then positions, points and gaps are hidden for all. */
  placed: boolean;
  rows: DriverStanding[];
};

export function driverStandings(drivers: Driver[]): DriverStandings {
  const placed = drivers.every((driver) => driver.pozitie !== null && driver.puncte !== null);
  const leader = placed ? leaderOf(drivers) : undefined;
  return {
    placed,
    rows: drivers.map((driver) => ({ driver, gap: leader ? gapLine(driver, leader) : null })),
  };
}

function leaderOf(drivers: Driver[]): Driver | undefined {
  return drivers.reduce<Driver | undefined>(
    (best, driver) => (best === undefined || driver.pozitie! < best.pozitie! ? driver : best),
    undefined,
  );
}

function gapLine(driver: Driver, leader: Driver): string | null {
  if (driver._id === leader._id) return null;
  const gap = leader.puncte! - driver.puncte!;
  if (gap >= GAP_LIMIT_POINTS) return null;
  return `Gap to ${driverCode(leader.alDoileaNume)}: -${formatPoints(gap)}p`;
}

export { formatPoints };
