import { z } from './zod';

/**
 * Head-to-head (/compare): two drivers over one season or over their careers, counting only sessions finished
 * by the racing clock.
 */

/** An F1DB driver id, such as max-verstappen. */
export const driverIdParam = z.string().regex(/^[a-z0-9-]{2,80}$/, 'a driver id such as max-verstappen');

export const compareQuery = z
  .object({
    a: driverIdParam,
    b: driverIdParam,
    season: z.coerce.number().int().min(1950).max(2100).optional(),
  })
  .refine((q) => q.a !== q.b, { message: 'pick two different drivers', path: ['b'] });
export type CompareQuery = z.infer<typeof compareQuery>;

export const compareDriverOption = z.object({
  id: z.string(),
  name: z.string(),
  /** The first and last season the driver raced (entered a race). */
  from: z.number().int(),
  to: z.number().int(),
});
export type CompareDriverOption = z.infer<typeof compareDriverOption>;

/** Every driver who ever entered a race, latest first: the pickers' search list. */
export const compareDriversResponse = z.array(compareDriverOption);

export const compareStats = z.object({
  /** Races started (entries that did not start or qualify are left out). */
  starts: z.number().int(),
  /** Race and sprint points as scored (before any dropped scores of old seasons). */
  points: z.number(),
  wins: z.number().int(),
  poles: z.number().int(),
  podiums: z.number().int(),
  /** Races started and not finished (F1DB's DNF). */
  retirements: z.number().int(),
  /** The mean finishing position over classified race finishes; null with none. */
  averageFinish: z.number().nullable(),
});
export type CompareStats = z.infer<typeof compareStats>;

export const compareSide = z.object({
  id: z.string(),
  name: z.string(),
  countryCode: z.string().nullable(),
  /** The teams raced for in the scope, in order of first race. */
  teams: z.array(z.string()),
  stats: compareStats,
});
export type CompareSide = z.infer<typeof compareSide>;

export const headToHeadCount = z.object({
  /** Races counted: see the definitions in compareResponse.definitions. */
  races: z.number().int(),
  a: z.number().int(),
  b: z.number().int(),
});
export type HeadToHeadCount = z.infer<typeof headToHeadCount>;

export const progressionPoint = z.object({
  /** A round of the season, or a season for careers. */
  at: z.number().int(),
  /** "Bahrain Grand Prix", or "2023". */
  label: z.string(),
  /** Cumulative points after this round (or season); null before the driver's first entry. */
  a: z.number().nullable(),
  b: z.number().nullable(),
});
export type ProgressionPoint = z.infer<typeof progressionPoint>;

export const compareResponse = z.object({
  /** The season compared; null for careers. */
  season: z.number().int().nullable(),
  /** Seasons both drivers raced in, latest first (the season picker). */
  sharedSeasons: z.array(z.number().int()),
  a: compareSide,
  b: compareSide,
  headToHead: z.object({ qualifying: headToHeadCount, race: headToHeadCount }),
  progression: z.object({ axis: z.enum(['round', 'season']), points: z.array(progressionPoint) }),
  definitions: z.object({ qualifying: z.string(), race: z.string() }),
});
export type CompareResponse = z.infer<typeof compareResponse>;
