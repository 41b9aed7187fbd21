import type { ErgastRace, ErgastRaceBase } from '@slipstream/contract';

/** Which session a results screen lists. */
export type ResultsSession = 'race' | 'qualifying';

/** Where the newest-first feed of rounds starts, and whether it is still looking for the latest round with results. */
export type FeedStart = { round: number; probing: boolean };

/** A session's start in ms since the epoch; a session known only by its day counts from that day's start (UTC). */
function startOf({ date, time }: { date: string; time?: string }): number {
  return Date.parse(`${date}T${time ?? '00:00:00Z'}`);
}

/** Qualifying falls back to the race's start when a season lists no qualifying session. */
function sessionStart(race: ErgastRace, session: ResultsSession): number {
  return startOf(session === 'qualifying' ? (race.Qualifying ?? race) : race);
}

/** The current round: the number of races that have started by the clock. */
export function currentRound(races: ErgastRace[], now: number): number {
  return races.filter((race) => sessionStart(race, 'race') <= now).length;
}

/**
 * The start for the current season (docs/product.md, Results): the current round + 1 (its qualifying may be over while its race is
 * not), stepping down past rounds whose session is still to come by the clock. Those cannot have results yet,
 * though the data may already hold them when the clock is pinned in the past, so they are not even asked for.
 * The feed then keeps stepping down while a round answers empty (a race just run, its results not in yet).
 */
export function latestRoundToProbe(races: ErgastRace[], session: ResultsSession, now: number): number {
  const byRound = new Map(races.map((race) => [Number(race.round), race]));
  let round = currentRound(races, now) + 1;
  for (; round > 0; round -= 1) {
    const race = byRound.get(round);
    if (race && sessionStart(race, session) <= now) break;
  }
  return round;
}

/** Other seasons start at their last round, the total number of rounds. */
export function feedStart(races: ErgastRace[], session: ResultsSession, isCurrentSeason: boolean, now: number): FeedStart {
  if (isCurrentSeason) return { round: latestRoundToProbe(races, session, now), probing: true };
  return { round: Math.max(0, ...races.map((race) => Number(race.round))), probing: false };
}

/** Lower-cased and without accents, so "sao" finds "São Paulo" and "MONACO" finds "Monaco". */
function searchable(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('en');
}

/** The search box: a round matches by its race name or its country; an empty search matches every round. */
export function matchesSearch(race: ErgastRaceBase, search: string): boolean {
  const wanted = searchable(search.trim());
  return [race.raceName, race.Circuit.Location.country].some((name) => searchable(name).includes(wanted));
}
