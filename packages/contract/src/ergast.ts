import { z } from './zod';
import { ERGAST_DEFAULT_LIMIT, ERGAST_MAX_LIMIT } from './values';

/**
 * The Ergast-compatible API under /api/ergast/f1/: the URL shapes, the MRData envelope and the field names of
 * the public Ergast-style API (Jolpica), so any Ergast client works unchanged. Every value is a string, and a
 * field is left out, not null, when the fact is unknown, as Ergast does.
 */


/** ?limit=&offset=: a limit above the maximum is lowered to it, as Ergast does. */
export const ergastPageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .default(ERGAST_DEFAULT_LIMIT)
    .transform((limit) => Math.min(limit, ERGAST_MAX_LIMIT)),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ErgastPage = z.infer<typeof ergastPageQuery>;

export const ergastSeasonSegment = z.union([z.literal('current'), z.coerce.number().int().min(1950).max(2100)], {
  error: 'a year or current',
});
export const ergastRoundSegment = z.union([z.literal('last'), z.coerce.number().int().min(1).max(99)], {
  error: 'a round number or last',
});

export const ergastLocation = z.object({
  lat: z.string(),
  long: z.string(),
  locality: z.string(),
  country: z.string(),
});

export const ergastCircuit = z.object({
  circuitId: z.string(),
  url: z.string(),
  circuitName: z.string(),
  Location: ergastLocation,
});

/** A session of the weekend: the day, and the UTC start "HH:MM:SSZ" when known. */
export const ergastSessionTime = z.object({ date: z.string(), time: z.string().optional() });

const ergastRaceBase = z.object({
  season: z.string(),
  round: z.string(),
  url: z.string(),
  raceName: z.string(),
  Circuit: ergastCircuit,
  date: z.string(),
  time: z.string().optional(),
});

export const ergastRace = ergastRaceBase.extend({
  FirstPractice: ergastSessionTime.optional(),
  SecondPractice: ergastSessionTime.optional(),
  ThirdPractice: ergastSessionTime.optional(),
  Qualifying: ergastSessionTime.optional(),
  Sprint: ergastSessionTime.optional(),
  SprintQualifying: ergastSessionTime.optional(),
});
export type ErgastRace = z.infer<typeof ergastRace>;

export const ergastDriver = z.object({
  driverId: z.string(),
  permanentNumber: z.string().optional(),
  code: z.string().optional(),
  url: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  dateOfBirth: z.string().optional(),
  nationality: z.string(),
});
export type ErgastDriver = z.infer<typeof ergastDriver>;

export const ergastConstructor = z.object({
  constructorId: z.string(),
  url: z.string(),
  name: z.string(),
  nationality: z.string(),
});
export type ErgastConstructor = z.infer<typeof ergastConstructor>;

/** A race or sprint classification row. positionText: the position, or R, D, E, W, F, N as Ergast spells them. */
export const ergastResult = z.object({
  number: z.string(),
  position: z.string(),
  positionText: z.string(),
  points: z.string(),
  Driver: ergastDriver,
  Constructor: ergastConstructor,
  grid: z.string(),
  laps: z.string(),
  status: z.string(),
  Time: z.object({ millis: z.string(), time: z.string() }).optional(),
  FastestLap: z
    .object({ rank: z.string().optional(), lap: z.string().optional(), Time: z.object({ time: z.string() }) })
    .optional(),
});
export type ErgastResult = z.infer<typeof ergastResult>;

export const ergastQualifyingResult = z.object({
  number: z.string(),
  position: z.string(),
  Driver: ergastDriver,
  Constructor: ergastConstructor,
  Q1: z.string().optional(),
  Q2: z.string().optional(),
  Q3: z.string().optional(),
});
export type ErgastQualifyingResult = z.infer<typeof ergastQualifyingResult>;

/**
 * Our one addition to Ergast's shapes: "provisional": true on a race (or standings list) whose classification comes
 * from F1's live timing and F1DB has not confirmed yet. Absent otherwise, so official answers read exactly as
 * Ergast's; clients that do not know the field ignore it.
 */
const provisional = { provisional: z.literal(true).optional() };

export const ergastRaceWithResults = ergastRaceBase.extend({ Results: z.array(ergastResult), ...provisional });
export const ergastRaceWithQualifying = ergastRaceBase.extend({ QualifyingResults: z.array(ergastQualifyingResult), ...provisional });
export const ergastRaceWithSprint = ergastRaceBase.extend({ SprintResults: z.array(ergastResult), ...provisional });
export type ErgastRaceBase = z.infer<typeof ergastRaceBase>;

export const ergastDriverStanding = z.object({
  position: z.string().optional(),
  positionText: z.string(),
  points: z.string(),
  wins: z.string(),
  Driver: ergastDriver,
  Constructors: z.array(ergastConstructor),
});
export type ErgastDriverStanding = z.infer<typeof ergastDriverStanding>;

export const ergastConstructorStanding = z.object({
  position: z.string().optional(),
  positionText: z.string(),
  points: z.string(),
  wins: z.string(),
  Constructor: ergastConstructor,
});
export type ErgastConstructorStanding = z.infer<typeof ergastConstructorStanding>;

const mrData = <T extends z.ZodRawShape>(table: T) =>
  z.object({
    MRData: z.object({
      xmlns: z.string(),
      series: z.literal('f1'),
      url: z.string(),
      limit: z.string(),
      offset: z.string(),
      total: z.string(),
      ...table,
    }),
  });

const raceTable = <T extends z.ZodType>(race: T) =>
  z.object({ season: z.string().optional(), round: z.string().optional(), Races: z.array(race) });

export const ergastRacesResponse = mrData({ RaceTable: raceTable(ergastRace) });
export const ergastResultsResponse = mrData({ RaceTable: raceTable(ergastRaceWithResults) });
export const ergastQualifyingResponse = mrData({ RaceTable: raceTable(ergastRaceWithQualifying) });
export const ergastSprintResponse = mrData({ RaceTable: raceTable(ergastRaceWithSprint) });

const standingsTable = <T extends z.ZodRawShape>(list: T) =>
  z.object({
    season: z.string(),
    round: z.string().optional(),
    StandingsLists: z.array(z.object({ season: z.string(), round: z.string(), ...provisional, ...list })),
  });

export const ergastDriverStandingsResponse = mrData({
  StandingsTable: standingsTable({ DriverStandings: z.array(ergastDriverStanding) }),
});
export const ergastConstructorStandingsResponse = mrData({
  StandingsTable: standingsTable({ ConstructorStandings: z.array(ergastConstructorStanding) }),
});

export type ErgastRacesResponse = z.infer<typeof ergastRacesResponse>;
export type ErgastResultsResponse = z.infer<typeof ergastResultsResponse>;
export type ErgastQualifyingResponse = z.infer<typeof ergastQualifyingResponse>;
export type ErgastSprintResponse = z.infer<typeof ergastSprintResponse>;
export type ErgastDriverStandingsResponse = z.infer<typeof ergastDriverStandingsResponse>;
export type ErgastConstructorStandingsResponse = z.infer<typeof ergastConstructorStandingsResponse>;
