import { z } from 'zod';
import { sessionKind } from './f1';

/**
 * A session's analysis (docs/race-analysis.md): every driver's laps, stints and pit visits from F1's live-timing
 * archive, and the track's safety car, virtual safety car and red flag periods. Times are milliseconds.
 */

const ms = z.number().int().nonnegative();

export const analysisLap = z.object({
  lap: z.number().int().positive(),
  timeMs: ms.nullable(),
  sectorsMs: z.tuple([ms.nullable(), ms.nullable(), ms.nullable()]),
  /** Races: the place at the end of the lap (crossing order); null elsewhere. */
  position: z.number().int().positive().nullable(),
  gapToLeaderMs: ms.nullable(),
  pitIn: z.boolean(),
  pitOut: z.boolean(),
});

export const analysisStint = z.object({
  stint: z.number().int().positive(),
  /** SOFT, MEDIUM, HARD, INTERMEDIATE, WET (older seasons: HYPERSOFT, ULTRASOFT, SUPERSOFT...); null when unknown. */
  compound: z.string().nullable(),
  isNew: z.boolean().nullable(),
  firstLap: z.number().int().positive(),
  laps: z.number().int().nonnegative(),
});

export const analysisPitVisit = z.object({
  visit: z.number().int().positive(),
  inLap: z.number().int().positive(),
  outLap: z.number().int().positive().nullable(),
  /** From entering to leaving the pit lane; null when the car never came out. */
  pitLaneMs: ms.nullable(),
  /** The circuit's local time of day the car entered the pit lane, "HH:MM:SS"; null when unknown. */
  timeOfDay: z.string().nullable(),
});

export const analysisDriver = z.object({
  driverId: z.string(),
  code: z.string(),
  name: z.string(),
  number: z.string(),
  constructorName: z.string(),
  teamColour: z.string(),
  laps: z.array(analysisLap),
  stints: z.array(analysisStint),
  pitVisits: z.array(analysisPitVisit),
});

export const trackStatusPeriod = z.object({
  kind: z.enum(['SAFETY_CAR', 'VIRTUAL_SAFETY_CAR', 'RED_FLAG']),
  startLap: z.number().int().positive(),
  endLap: z.number().int().positive(),
});

/** The weather station over the session: lowest and highest temperatures (°C), and whether it rained at all. */
export const sessionWeather = z.object({
  airTemp: z.object({ min: z.number(), max: z.number() }).nullable(),
  trackTemp: z.object({ min: z.number(), max: z.number() }).nullable(),
  rain: z.boolean().nullable(),
});

export const sessionAnalysis = z.object({
  season: z.number().int(),
  round: z.number().int(),
  meetingName: z.string(),
  /** The sessions of the weekend with timing, in the weekend's order. */
  sessions: z.array(sessionKind),
  /** The session answered (the race by default); null when the weekend has no timing. */
  session: sessionKind.nullable(),
  /** Drivers in order of their place at the end (races), else of their best lap. */
  drivers: z.array(analysisDriver),
  trackStatus: z.array(trackStatusPeriod),
  /** Null when the archive had no WeatherData for the session. */
  weather: sessionWeather.nullable(),
});

export const sessionAnalysisQuery = z.strictObject({ session: sessionKind.optional() });

export type AnalysisLap = z.infer<typeof analysisLap>;
export type AnalysisStint = z.infer<typeof analysisStint>;
export type AnalysisPitVisit = z.infer<typeof analysisPitVisit>;
export type AnalysisDriver = z.infer<typeof analysisDriver>;
export type TrackStatusPeriod = z.infer<typeof trackStatusPeriod>;
export type SessionAnalysis = z.infer<typeof sessionAnalysis>;
export type SessionWeather = z.infer<typeof sessionWeather>;
