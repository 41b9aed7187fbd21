import { z } from './zod';
import { ERGAST_DEFAULT_LIMIT, ERGAST_MAX_LIMIT } from './values';

/**
 * The Ergast-compatible API under /api/ergast/f1/: the URL shapes, the MRData envelope and the field names of
 * the public Ergast-style API (Jolpica), so any Ergast client works unchanged. Every value is a string, and a
 * field is left out, not null, when the fact is unknown, as Ergast does.
 */


/** The furthest a client may page: past every table's last row, and it bounds what answers are cached under. */
export const ERGAST_MAX_OFFSET = 100_000;

/** A paging number as written: digits only; anything else (`abc`, `-1`, empty) is read as not given. */
const pagingNumber = (fallback: number, max: number) =>
  z.preprocess((value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined), z.number().default(fallback)).transform(
    (value) => Math.min(value, max),
  );

/**
 * ?limit=&offset=, read as Jolpica reads them: a malformed value falls back to the default (30, 0), one above the
 * maximum is lowered to it.
 */
export const ergastPageQuery = z.object({
  limit: pagingNumber(ERGAST_DEFAULT_LIMIT, ERGAST_MAX_LIMIT),
  offset: pagingNumber(0, ERGAST_MAX_OFFSET),
});
export type ErgastPage = z.infer<typeof ergastPageQuery>;

export const ergastSeasonSegment = z.union([z.literal('current'), z.coerce.number().int().min(1950).max(2100)], {
  error: 'a year or current',
});
export const ergastRoundSegment = z.union([z.literal('last'), z.literal('next'), z.coerce.number().int().min(1).max(99)], {
  error: 'a round number, last or next',
});

/** A driver, constructor or circuit id in an Ergast path: F1DB's or an Ergast-style alias, read in lower case. */
export const ergastIdSegment = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, 'letters, digits, _ and -')
  .transform((value) => value.toLowerCase());

/** A grid slot, position, lap, stop or status number in an Ergast path. */
export const ergastNumberSegment = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** An Ergast error: Jolpica's `detail`, and the same words as `message`, the field every other answer of ours uses. */
export const ergastError = z.object({ detail: z.string(), message: z.string() });

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
    .object({
      rank: z.string().optional(),
      lap: z.string(),
      Time: z.object({ time: z.string() }),
      AverageSpeed: z.object({ units: z.literal('kph'), speed: z.string() }).optional(),
    })
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

/** The filters of the request, echoed in its table (ids as F1DB's, season and round as numbers). */
const ergastCriteria = {
  season: z.string().optional(),
  round: z.string().optional(),
  circuitId: z.string().optional(),
  constructorId: z.string().optional(),
  driverId: z.string().optional(),
  grid: z.string().optional(),
  position: z.string().optional(),
  fastest: z.string().optional(),
  status: z.string().optional(),
  lap: z.string().optional(),
  stop: z.string().optional(),
  driverStandings: z.string().optional(),
  constructorStandings: z.string().optional(),
};

const table = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ ...ergastCriteria, [key]: z.array(item) } as typeof ergastCriteria & Record<K, z.ZodArray<T>>);

const raceTable = <T extends z.ZodType>(race: T) => table('Races', race);

export const ergastRacesResponse = mrData({ RaceTable: raceTable(ergastRace) });
export const ergastResultsResponse = mrData({ RaceTable: raceTable(ergastRaceWithResults) });
export const ergastQualifyingResponse = mrData({ RaceTable: raceTable(ergastRaceWithQualifying) });
export const ergastSprintResponse = mrData({ RaceTable: raceTable(ergastRaceWithSprint) });

export const ergastSeason = z.object({ season: z.string(), url: z.string() });
export const ergastSeasonsResponse = mrData({ SeasonTable: table('Seasons', ergastSeason) });
export const ergastCircuitsResponse = mrData({ CircuitTable: table('Circuits', ergastCircuit) });
export const ergastDriversResponse = mrData({ DriverTable: table('Drivers', ergastDriver) });
export const ergastConstructorsResponse = mrData({ ConstructorTable: table('Constructors', ergastConstructor) });

/** A finishing status and how many race results of the filtered races read so. */
export const ergastStatus = z.object({ statusId: z.string(), count: z.string(), status: z.string() });
export const ergastStatusResponse = mrData({ StatusTable: table('Status', ergastStatus) });

/** A pit stop; `duration` runs from pit entry to exit. F1DB has no time of day, so Ergast's `time` is left out. */
export const ergastPitStop = z.object({ driverId: z.string(), lap: z.string(), stop: z.string(), time: z.string().optional(), duration: z.string().optional() });
export const ergastRaceWithPitStops = ergastRaceBase.extend({ PitStops: z.array(ergastPitStop) });
export const ergastPitStopsResponse = mrData({ RaceTable: raceTable(ergastRaceWithPitStops) });
export const ergastLapTiming = z.object({ driverId: z.string(), position: z.string(), time: z.string() });
export const ergastLap = z.object({ number: z.string(), Timings: z.array(ergastLapTiming) });
export const ergastRaceWithLaps = ergastRaceBase.extend({ Laps: z.array(ergastLap) });
export const ergastLapsResponse = mrData({ RaceTable: raceTable(ergastRaceWithLaps) });

const standingsTable = <T extends z.ZodRawShape>(list: T) =>
  z.object({
    ...ergastCriteria,
    StandingsLists: z.array(z.object({ season: z.string(), round: z.string(), ...provisional, ...list })),
  });

export const ergastDriverStandingsResponse = mrData({
  StandingsTable: standingsTable({ DriverStandings: z.array(ergastDriverStanding) }),
});
export const ergastConstructorStandingsResponse = mrData({
  StandingsTable: standingsTable({ ConstructorStandings: z.array(ergastConstructorStanding) }),
});

export type ErgastRacesResponse = z.infer<typeof ergastRacesResponse>;
export type ErgastSeasonsResponse = z.infer<typeof ergastSeasonsResponse>;
export type ErgastCircuitsResponse = z.infer<typeof ergastCircuitsResponse>;
export type ErgastDriversResponse = z.infer<typeof ergastDriversResponse>;
export type ErgastConstructorsResponse = z.infer<typeof ergastConstructorsResponse>;
export type ErgastStatusResponse = z.infer<typeof ergastStatusResponse>;
export type ErgastPitStopsResponse = z.infer<typeof ergastPitStopsResponse>;
export type ErgastPitStop = z.infer<typeof ergastPitStop>;
export type ErgastLap = z.infer<typeof ergastLap>;
export type ErgastLapsResponse = z.infer<typeof ergastLapsResponse>;
export type ErgastCircuit = z.infer<typeof ergastCircuit>;
export type ErgastSeason = z.infer<typeof ergastSeason>;
export type ErgastResultsResponse = z.infer<typeof ergastResultsResponse>;
export type ErgastQualifyingResponse = z.infer<typeof ergastQualifyingResponse>;
export type ErgastSprintResponse = z.infer<typeof ergastSprintResponse>;
export type ErgastDriverStandingsResponse = z.infer<typeof ergastDriverStandingsResponse>;
export type ErgastConstructorStandingsResponse = z.infer<typeof ergastConstructorStandingsResponse>;

/** The answer of each Ergast resource (`laps` has none: F1DB has no lap timings). */
export const ergastResponses = {
  seasons: ergastSeasonsResponse,
  circuits: ergastCircuitsResponse,
  races: ergastRacesResponse,
  constructors: ergastConstructorsResponse,
  drivers: ergastDriversResponse,
  results: ergastResultsResponse,
  sprint: ergastSprintResponse,
  qualifying: ergastQualifyingResponse,
  driverStandings: ergastDriverStandingsResponse,
  constructorStandings: ergastConstructorStandingsResponse,
  status: ergastStatusResponse,
  pitstops: ergastPitStopsResponse,
  laps: ergastLapsResponse,
};
