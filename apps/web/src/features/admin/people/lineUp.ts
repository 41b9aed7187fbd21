import { parseRounds } from './rounds';

/** A row of the line-up form as typed: the driver chosen and the rounds written. */
export type SeatInput = { driverId: string; rounds: string };

const MAX_DRIVERS = 6;
const CARS_PER_TEAM = 2;

/**
 * The first mistake in a team's line-up, said as a person would, or the drivers and rounds to send. The same rules
 * as the server's, checked here so that each mistake has one friendly message.
 */
export function checkLineUp(
  seats: SeatInput[],
  season: { year: number; rounds: number; drivers: { id: string; name: string }[] },
): { problem: string } | { drivers: { driverId: string; rounds: number[] }[] } {
  if (seats.length === 0) return { problem: 'Add at least one driver.' };
  if (seats.length > MAX_DRIVERS) return { problem: `A team has at most ${MAX_DRIVERS} race drivers in a season: remove one.` };
  if (seats.some((seat) => seat.driverId === '')) return { problem: 'Choose a driver for every row.' };
  const nameOf = (id: string) => season.drivers.find((driver) => driver.id === id)?.name ?? id;
  const twice = seats.find((seat, index) => seats.findIndex((other) => other.driverId === seat.driverId) !== index);
  if (twice) return { problem: `${nameOf(twice.driverId)} is listed twice: list each driver once, with all their rounds.` };
  const drivers: { driverId: string; rounds: number[] }[] = [];
  for (const seat of seats) {
    const rounds = parseRounds(seat.rounds);
    if (!rounds) return { problem: `Rounds “${seat.rounds}” are not rounds: write them as 1-12, 15.` };
    const beyond = rounds.find((round) => round > season.rounds);
    if (beyond) return { problem: `${nameOf(seat.driverId)}: the ${season.year} season has ${season.rounds} rounds, so there is no round ${beyond}.` };
    drivers.push({ driverId: seat.driverId, rounds });
  }
  for (let round = 1; round <= season.rounds; round++) {
    if (drivers.filter((driver) => driver.rounds.includes(round)).length > CARS_PER_TEAM) {
      return { problem: `Round ${round} has more than ${CARS_PER_TEAM} drivers: a team races ${CARS_PER_TEAM} cars.` };
    }
  }
  return { drivers };
}
