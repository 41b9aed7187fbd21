import { z } from '../zod';

/** A lap or sector time as the feed writes it ("1:31.447", "29.880"), with F1's purple and green flags. */
export const towerTime = z.object({
  time: z.string(),
  personalBest: z.boolean(),
  overallBest: z.boolean(),
});
export type TowerTime = z.infer<typeof towerTime>;

export const towerCar = z.object({
  racingNumber: z.string(),
  /** Place in the tower; null before the feed gives one. */
  position: z.number().int().nullable(),
  tla: z.string(),
  name: z.string(),
  team: z.string().nullable(),
  /** "#27F4D2": the team's colour as the feed gives it. */
  teamColour: z.string().nullable(),
  /** Race: "+1.234", "1 L", "LAP 12" for the leader; qualifying and practice: the gap to the fastest. */
  gapToLeader: z.string().nullable(),
  interval: z.string().nullable(),
  lastLap: towerTime.nullable(),
  bestLap: towerTime.nullable(),
  sectors: z.array(towerTime.nullable()),
  /** Current tyre: "SOFT", "MEDIUM", "HARD", "INTERMEDIATE", "WET" (or what the feed says), laps on it. */
  tyre: z.object({ compound: z.string(), laps: z.number().int().nullable(), fresh: z.boolean() }).nullable(),
  pitStops: z.number().int(),
  laps: z.number().int().nullable(),
  inPit: z.boolean(),
  pitOut: z.boolean(),
  retired: z.boolean(),
  /** Qualifying: out in an earlier part. */
  knockedOut: z.boolean(),
});
export type TowerCar = z.infer<typeof towerCar>;

export const TRACK_STATUSES = ['green', 'yellow', 'safety-car', 'virtual-safety-car', 'vsc-ending', 'red'] as const;
export const trackStatus = z.enum(TRACK_STATUSES);
export type TrackStatus = z.infer<typeof trackStatus>;

export const raceControlMessage = z.object({
  /** UTC, ISO 8601. */
  at: z.string(),
  category: z.string(),
  flag: z.string().nullable(),
  lap: z.number().int().nullable(),
  message: z.string(),
});
export type RaceControlMessage = z.infer<typeof raceControlMessage>;

export const towerWeather = z.object({
  airTemp: z.number().nullable(),
  trackTemp: z.number().nullable(),
  humidity: z.number().nullable(),
  windSpeed: z.number().nullable(),
  windDirection: z.number().nullable(),
  rainfall: z.boolean(),
});
export type TowerWeather = z.infer<typeof towerWeather>;

/** What a fan sees of a session: the timing tower and everything around it, derived from the feed's topics. */
export const tower = z.object({
  session: z
    .object({
      meetingName: z.string(),
      name: z.string(),
      /** The feed's type: "Race", "Qualifying", "Practice". */
      type: z.string(),
      /** SessionStatus: "Inactive", "Started", "Aborted", "Finished", "Finalised", "Ends". */
      status: z.string().nullable(),
    })
    .nullable(),
  lapCount: z.object({ current: z.number().int(), total: z.number().int().nullable() }).nullable(),
  /** The session clock: time remaining ("00:12:31"), running or stopped. */
  clock: z.object({ remaining: z.string(), running: z.boolean() }).nullable(),
  trackStatus: z.object({ status: trackStatus, message: z.string() }).nullable(),
  /** Qualifying: which part runs (1, 2, 3), and how many cars go through to the next (the rest are in the knockout zone). */
  qualifying: z.object({ part: z.number().int(), advancing: z.number().int().nullable() }).nullable(),
  /** Newest first, at most RACE_CONTROL_KEPT. */
  raceControl: z.array(raceControlMessage),
  weather: towerWeather.nullable(),
  /** Racing numbers in tower order. */
  order: z.array(z.string()),
  cars: z.record(z.string(), towerCar),
});
export type Tower = z.infer<typeof tower>;

export const RACE_CONTROL_KEPT = 20;

/** GET /api/live/timing: the tower now, for a first load and after a resync; `seq` orders the deltas that follow. */
export const liveTimingSnapshot = z.object({
  /** Whether a feed is connected and its session running; false once it ended (the tower is then the final one). */
  live: z.boolean(),
  seq: z.number().int(),
  tower: tower.nullable(),
  /** When the last message of the feed arrived (UTC). */
  updatedAt: z.string().nullable(),
});
export type LiveTimingSnapshot = z.infer<typeof liveTimingSnapshot>;

/** The `data:` of a `live-timing` event: the delta (applyDelta) from tower `seq - 1` to `seq`, or a whole tower. */
export type LiveTimingEvent =
  | { kind: 'delta'; seq: number; live: boolean; delta: unknown }
  | { kind: 'reset'; seq: number; live: boolean; tower: Tower | null };
