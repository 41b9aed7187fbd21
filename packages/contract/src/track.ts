import { z } from './zod';

/** GET /api/track/:season: every circuit layout raced in a season, with its facts and its history. */

export const trackRace = z.object({
  round: z.number().int(),
  meetingName: z.string(),
  /** The meeting part of /schedule/:an/:meeting_name. */
  slug: z.string(),
  date: z.string(),
});
export type TrackRace = z.infer<typeof trackRace>;

export const trackWinner = z.object({
  season: z.number().int(),
  meetingName: z.string(),
  slug: z.string(),
  driverName: z.string(),
  teamName: z.string(),
  teamColour: z.string(),
});
export type TrackWinner = z.infer<typeof trackWinner>;

/** The fastest race lap ever recorded on a layout, from F1DB's fastest laps of each race (not qualifying). */
export const lapRecord = z.object({
  time: z.string(),
  driverName: z.string(),
  teamName: z.string(),
  season: z.number().int(),
  meetingName: z.string(),
});
export type LapRecord = z.infer<typeof lapRecord>;

export const trackCircuit = z.object({
  /** The value of ?circuit=: the circuit id, or the layout id when the season raced two layouts of the circuit. */
  key: z.string(),
  circuitId: z.string(),
  /** The layout raced that season: its F1DB drawing is GET /api/circuits/{layoutId}.svg?variant=. */
  layoutId: z.string(),
  name: z.string(),
  fullName: z.string(),
  placeName: z.string(),
  countryName: z.string(),
  /** The season's races on this layout, in round order. */
  races: z.array(trackRace).min(1),
  /** As raced that season (the latest race on the layout): km, count, CLOCKWISE or ANTI_CLOCKWISE, km. */
  facts: z.object({
    type: z.string(),
    direction: z.string(),
    length: z.number(),
    turns: z.number().int(),
    laps: z.number().int(),
    distance: z.number(),
  }),
  /** The first world-championship grand prix at the circuit, on any layout. */
  firstGrandPrix: z.object({ season: z.number().int(), meetingName: z.string() }),
  /** The winners of the latest races at the circuit (any layout) that have finished by the clock, newest first. */
  lastWinners: z.array(trackWinner),
  /** Null when no finished race on the layout has a fastest lap in the data. */
  lapRecord: lapRecord.nullable(),
});
export type TrackCircuit = z.infer<typeof trackCircuit>;

export const trackSeasonResponse = z.object({
  season: z.number().int(),
  /** Every season in the data, newest first, for the season picker. */
  seasons: z.array(z.number().int()),
  circuits: z.array(trackCircuit),
});
export type TrackSeasonResponse = z.infer<typeof trackSeasonResponse>;

/** How many winners a circuit lists. */
export const TRACK_WINNERS = 5;
