import { resultsKnown } from './f1';
import { z } from './zod';

/**
 * Title fight (/title-fight): who can still win the drivers' and constructors' titles, and a fan's what-if
 * over the races and sprints still to run, shareable by URL.
 *
 * The what-if travels in `w`: events joined by "_", each `<round>[s]-<CODE>.<CODE>...` (s for the sprint),
 * driver codes from first place down, "*" after the driver given the fastest lap. The 2021 finale with
 * Verstappen winning with the fastest lap and Hamilton second: `22-VER*.HAM`.
 */

export const WHAT_IF_PATTERN = /^(\d{1,2}s?-([A-Z0-9]{1,5}\*?)(\.[A-Z0-9]{1,5}\*?)*)(_\d{1,2}s?-([A-Z0-9]{1,5}\*?)(\.[A-Z0-9]{1,5}\*?)*)*$/;

export const titleFightQuery = z.object({
  season: z.coerce.number().int().min(1950).max(2100).optional(),
  /** Count the season as it stood after this round; omitted: as it stands by the clock. */
  round: z.coerce.number().int().min(0).max(40).optional(),
  w: z.string().max(4000).regex(WHAT_IF_PATTERN, 'a what-if such as 22-VER*.HAM').optional(),
});
export type TitleFightQuery = z.infer<typeof titleFightQuery>;

export const eventKind = z.enum(['RACE', 'SPRINT']);
export type EventKind = z.infer<typeof eventKind>;

export type WhatIfPick = { round: number; kind: EventKind; codes: string[]; fastestLap: string | null };

/** The what-if of a query string; assumes the pattern matched. */
export function decodeWhatIf(w: string | undefined): WhatIfPick[] {
  if (!w) return [];
  return w.split('_').map((event) => {
    const [key = '', list = ''] = event.split('-');
    const entries = list.split('.');
    const fastest = entries.find((code) => code.endsWith('*'));
    return {
      round: Number.parseInt(key, 10),
      kind: key.endsWith('s') ? 'SPRINT' : 'RACE',
      codes: entries.map((code) => code.replace('*', '')),
      fastestLap: fastest ? fastest.replace('*', '') : null,
    };
  });
}

/** The query-string form of a what-if; events without any pick are left out. */
export function encodeWhatIf(picks: WhatIfPick[]): string {
  return picks
    .filter((pick) => pick.codes.length > 0)
    .map((pick) => {
      const codes = pick.codes.map((code) => (code === pick.fastestLap ? `${code}*` : code));
      return `${pick.round}${pick.kind === 'SPRINT' ? 's' : ''}-${codes.join('.')}`;
    })
    .join('_');
}

export const titleEvent = z.object({
  round: z.number().int(),
  kind: eventKind,
  /** "Abu Dhabi Grand Prix". */
  name: z.string(),
  date: z.string(),
  /** Points count double (the 2014 finale). */
  double: z.boolean(),
  /** The fan picked this event's order in the what-if. */
  picked: z.boolean(),
  /** Run by the clock, but its results are not in yet: open until they are. */
  awaitingResults: z.boolean(),
});
export type TitleEvent = z.infer<typeof titleEvent>;

export const titleStatus = z.enum(['champion', 'contender', 'eliminated']);
export type TitleStatus = z.infer<typeof titleStatus>;

const titleEntryBase = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  points: z.number(),
  /** Points before the what-if. */
  pointsNow: z.number(),
  wins: z.number().int(),
  status: titleStatus,
  /** The most this entry can still reach over the events left open. */
  maxPoints: z.number(),
  behind: z.number(),
});

export const titleDriverEntry = titleEntryBase.extend({
  /** The code the what-if uses, unique in the season. */
  code: z.string(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
});
export type TitleDriverEntry = z.infer<typeof titleDriverEntry>;

export const titleTeamEntry = titleEntryBase;
export type TitleTeamEntry = z.infer<typeof titleTeamEntry>;

export const titleFightResponse = z.object({
  season: z.number().int(),
  /** Seasons the title fight covers (every result counts from 1991), latest first. */
  seasons: z.array(z.number().int()),
  /** The rounds counted (races finished, with results); a sprint of the next round may count too when it has run. */
  asOfRound: z.number().int(),
  /** The last round that may be picked as "as of": finished by the clock, with its results in. */
  lastFinishedRound: z.number().int(),
  /** The latest race counted, and how many races finished by the clock (up to the standing asked) lack results. */
  standingsAfter: resultsKnown,
  finalRound: z.number().int(),
  /** Whether the standing is the live one (no "as of" round asked). */
  live: z.boolean(),
  /** Whether results counted in it are provisional (from F1's live timing, not yet confirmed by F1DB). */
  provisional: z.boolean(),
  system: z.object({
    race: z.array(z.number()),
    sprint: z.array(z.number()),
    fastestLap: z.number(),
    doubleFinale: z.boolean(),
  }),
  /** Races and sprints still to run from the standing asked, in order; picked ones are counted in the standings. */
  events: z.array(titleEvent),
  /** The what-if as understood (codes of drivers in the standing), re-encoded. */
  whatIf: z.string(),
  drivers: z.array(titleDriverEntry),
  constructors: z.array(titleTeamEntry),
});
export type TitleFightResponse = z.infer<typeof titleFightResponse>;
