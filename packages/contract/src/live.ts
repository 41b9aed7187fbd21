import { z } from './zod';
import { classificationRow, meetingSummary, sessionKind } from './f1';
import { RESULTS_UPDATE_SOURCES, type ResultsUpdatedEvent } from './values';

/**
 * The live session centre (GET /api/live/centre) and its push channel (GET /api/live/events, server-sent
 * events). Everything comes from stored results (F1DB's, and provisional ones from F1's live-timing archive
 * within minutes of a session's end), and the stream says when new ones were stored.
 */

export const resultsUpdateSource = z.enum(RESULTS_UPDATE_SOURCES);

/** The `data:` line of a `results-updated` event. */
export const resultsUpdatedEvent = z.object({
  source: resultsUpdateSource,
  /** When the results were stored (wall-clock time of the server, not the racing clock). */
  at: z.string(),
  /** The data version the store produced ("v6.5.0+345fa1be62c6"), when it has one. */
  version: z.string().nullable(),
}) satisfies z.ZodType<ResultsUpdatedEvent>;

/** GET /api/live/events: a browser reconnecting sends the id of the last event it received. */
export const liveEventsHeaders = z.object({ 'last-event-id': z.string().max(200).optional() });

/** The classification of one finished session of a meeting, as stored. */
export const liveClassification = z.object({
  season: z.number().int(),
  round: z.number().int(),
  meetingName: z.string(),
  slug: z.string(),
  session: sessionKind,
  /** "Qualifying", "Sprint", "Race"... */
  description: z.string(),
  /** When the session ended by its assumed duration. */
  endedAt: z.string(),
  rows: z.array(classificationRow),
  /** From F1's live timing, until F1DB confirms it. */
  provisional: z.boolean(),
});
export type LiveClassification = z.infer<typeof liveClassification>;

export const liveCentreResponse = z.object({
  /** The meeting being raced now, or the next one; null once the data holds no later meeting. */
  meeting: meetingSummary.nullable(),
  /**
   * The latest finished session with a stored classification (practice included): of this weekend, else of the
   * meeting before.
   */
  latest: liveClassification.nullable(),
  /** Sessions of this weekend that have ended by the clock but whose classification is not stored yet. */
  awaiting: z.array(z.object({ session: sessionKind, description: z.string() })),
});
export type LiveCentreResponse = z.infer<typeof liveCentreResponse>;

/** POST /api/test/live/results-updated (test hooks only): publish a results-updated event. */
export const publishTestUpdateRequest = z.object({ version: z.string().max(100).nullable().default(null) });

/**
 * GET /api/live/feed: the state of F1's live-timing feed as the server sees it. off: the feed is not read here
 * (LIVETIMING_FEED unset); idle: no session near; connecting; connected (since it subscribed); reconnecting (since
 * the connection dropped); unreachable (since the first failed attempt of this session). `session` names the
 * session the feed was opened for.
 */
export const liveFeedState = z.enum(['off', 'idle', 'connecting', 'connected', 'reconnecting', 'unreachable']);
export type LiveFeedState = z.infer<typeof liveFeedState>;
export const liveFeedStatus = z.object({
  state: liveFeedState,
  since: z.string().nullable(),
  session: z.string().nullable(),
});
export type LiveFeedStatus = z.infer<typeof liveFeedStatus>;
