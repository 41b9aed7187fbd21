import type { ResultsKnown } from '@slipstream/contract';

/**
 * What to say when the stored results are behind the racing clock (an answer's `standingsAfter` or
 * `latestResults`): the race the figures are after, and how many finished races are still missing their results.
 * Nothing to say when none is missing.
 */

/** "Hungarian Grand Prix" → "Hungarian GP", as fans shorten it; other names stay whole. */
export function shortMeetingName(name: string): string {
  return name.replace(/\bGrand Prix$/, 'GP');
}

/** "Results of 10 later races are not in yet." */
export function missingResultsText(racesMissing: number, { later = true } = {}): string {
  const races = `${racesMissing} ${later ? 'later ' : ''}${racesMissing === 1 ? 'race' : 'races'}`;
  return `Results of ${races} are not in yet.`;
}

/** "Standings after round 11, Hungarian GP. Results of 10 later races are not in yet."; null when none is missing. */
export function standingsBehindNote(known: ResultsKnown): string | null {
  if (known.racesMissing === 0) return null;
  if (!known.race) return `No standings yet. ${missingResultsText(known.racesMissing, { later: false })}`;
  return `Standings after round ${known.race.round}, ${shortMeetingName(known.race.meetingName)}. ${missingResultsText(known.racesMissing)}`;
}

/** "Results of the Las Vegas Grand Prix are not in yet.", or "Results of the 10 races up to the Las Vegas Grand Prix ...". */
export function resultsNotInText(racesMissing: number, lastMeetingName: string, what = 'Results'): string {
  const races = racesMissing === 1 ? `the ${lastMeetingName}` : `the ${racesMissing} races up to the ${lastMeetingName}`;
  return `${what} of ${races} are not in yet.`;
}
