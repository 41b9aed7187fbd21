import { z } from '../zod';

/** The topics the tower is derived from: what a replay downloads of an archived session. */
export const TOWER_TOPICS = [
  'SessionInfo',
  'SessionStatus',
  'DriverList',
  'TimingData',
  'TimingAppData',
  'LapCount',
  'TrackStatus',
  'RaceControlMessages',
  'WeatherData',
  'ExtrapolatedClock',
] as const;

/** The archive keeps sessions since 2018. */
export const FIRST_ARCHIVED_SEASON = 2018;

const season = z.coerce.number().int().min(FIRST_ARCHIVED_SEASON).max(2100);

/** GET /api/live/replays?season=2025 */
export const replayCatalogueQuery = z.object({ season });

/** A session of the catalogue; `ref` is what GET /api/live/replays/session takes to download it. */
export const replayCatalogueSession = z.object({
  name: z.string(),
  /** UTC start when known. */
  startsAt: z.string().nullable(),
  ref: z.string(),
});

export const replayCatalogue = z.object({
  season: z.number().int(),
  /**
   * archive-index: the archive's own list of the season ({season}/Index.json), so every session listed exists;
   * calendar: the season has no index, so its sessions come from the calendar and are looked up when chosen
   * (some may not be in the archive).
   */
  listedFrom: z.enum(['archive-index', 'calendar']),
  meetings: z.array(z.object({ name: z.string(), sessions: z.array(replayCatalogueSession) })),
  /** Seasons a fan can pick, newest first. */
  seasons: z.array(z.number().int()),
});
export type ReplayCatalogue = z.infer<typeof replayCatalogue>;

/**
 * GET /api/live/replays/session?ref=...: an archive folder ("2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/")
 * or, for a season without an index, "calendar:{season}:{round}:{kind}".
 */
export const replaySessionQuery = z.object({
  ref: z
    .string()
    .max(200)
    // Folder names start with a letter, digit, "_" or "-": no ".", "..", nor hidden folder can be named.
    .regex(/^(\d{4}\/[\w-][\w.-]*\/[\w-][\w.-]*\/|calendar:\d{4}:\d{1,2}:[A-Z_0-9]+)$/, 'Not a session of the archive'),
});

/** One message of a replay: index into `topics`, offset from the recording's start in ms, the feed's delta. */
export type ReplayMessage = [topic: number, offsetMs: number, delta: unknown];

export const replaySession = z.object({
  session: z.object({ path: z.string(), meetingName: z.string(), sessionName: z.string() }),
  topics: z.array(z.string()),
  /** In the order they were sent. */
  messages: z.array(z.tuple([z.number().int(), z.number().int(), z.unknown()])),
  /** Lines of the archive's files that could not be read and were skipped. */
  problems: z.array(z.string()),
});
export type ReplaySession = { session: z.infer<typeof replaySession>['session']; topics: string[]; messages: ReplayMessage[]; problems: string[] };
