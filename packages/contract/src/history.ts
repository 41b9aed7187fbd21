import { z } from './zod';

/**
 * F1 history (/f1-history): champions by season grouped into eras, all-time records and a short timeline.
 * Everything counts races finished by the racing clock, so the page never tells the future of a pinned demo.
 */

/** The first season with race-results pages (/race-results/{year}); older seasons link to a meeting page. */
export const FIRST_RESULTS_SEASON = 2014;

export const historyMeeting = z.object({
  season: z.number().int(),
  round: z.number().int(),
  /** "Japanese Grand Prix". */
  name: z.string(),
  /** The meeting page's slug: /schedule/{season}/{slug}. */
  slug: z.string(),
});
export type HistoryMeeting = z.infer<typeof historyMeeting>;

export const championSeason = z.object({
  year: z.number().int(),
  driver: z.object({
    id: z.string(),
    name: z.string(),
    /** ISO alpha-2 of the nationality, for a flag; null when unknown. */
    countryCode: z.string().nullable(),
    /** The teams the champion raced for that season, in order of first race. */
    teams: z.array(z.string()),
    points: z.number(),
    wins: z.number().int(),
  }),
  /** The constructors' champion; null before the constructors' championship began (1958). */
  constructor: z.object({ id: z.string(), name: z.string(), points: z.number() }).nullable(),
  /** Where the drivers' title was decided (the final round when the data does not say). */
  decidedAt: historyMeeting,
});
export type ChampionSeason = z.infer<typeof championSeason>;

export const historyEra = z.object({
  id: z.string(),
  name: z.string(),
  from: z.number().int(),
  /** The last season of the era; null while it lasts. */
  to: z.number().int().nullable(),
  summary: z.string(),
  /** The era's decided seasons, oldest first. */
  seasons: z.array(championSeason),
});
export type HistoryEra = z.infer<typeof historyEra>;

export const recordCategory = z.enum(['titles', 'wins', 'poles', 'podiums', 'starts']);
export type RecordCategory = z.infer<typeof recordCategory>;

export const recordHolder = z.object({
  /** Equal values share a rank. */
  rank: z.number().int().positive(),
  id: z.string(),
  name: z.string(),
  value: z.number().int(),
});
export type RecordHolder = z.infer<typeof recordHolder>;

export const recordTable = z.object({
  category: recordCategory,
  /** "Most wins". */
  title: z.string(),
  /** How the data is counted, in a sentence. */
  counting: z.string(),
  holders: z.array(recordHolder),
});
export type RecordTable = z.infer<typeof recordTable>;

export const timelineEntry = z.object({
  year: z.number().int(),
  title: z.string(),
  text: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** GET /api/history. */
export const historyResponse = z.object({
  /** The latest race counted: the latest finished race with results; null before any has them. */
  through: historyMeeting.nullable(),
  /** Finished races after `through` whose results are not in yet, so not counted. */
  racesMissing: z.number().int().min(0),
  eras: z.array(historyEra),
  records: z.object({ drivers: z.array(recordTable), constructors: z.array(recordTable) }),
  timeline: z.array(timelineEntry),
});
export type HistoryResponse = z.infer<typeof historyResponse>;
