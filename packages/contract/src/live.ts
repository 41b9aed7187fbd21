import { z } from './zod';
import { classificationRow, meetingSummary, sessionKind } from './f1';

/**
 * The live session centre (GET /api/live/centre) and its push channel (GET /api/live/events, server-sent
 * events). Everything comes from stored results (F1DB's, and provisional ones from F1's live-timing archive
 * within minutes of a session's end), and the stream says when new ones were stored.
 */

/**
 * Who stored new results: the F1DB import, an online sync, an admin edit, a test hook, or the live-timing job
 * (a session's provisional classification from F1's archive).
 */
export const resultsUpdateSource = z.enum(['import', 'sync', 'admin', 'test', 'live-timing']);
export type ResultsUpdateSource = z.infer<typeof resultsUpdateSource>;

/** The SSE event name (`event: results-updated`) and the shape of its `data:` line. */
export const RESULTS_UPDATED = 'results-updated';
export const resultsUpdatedEvent = z.object({
  source: resultsUpdateSource,
  /** When the results were stored (wall-clock time of the server, not the racing clock). */
  at: z.string(),
  /** The data version the store produced ("v6.5.0+345fa1be62c6"), when it has one. */
  version: z.string().nullable(),
});
export type ResultsUpdatedEvent = z.infer<typeof resultsUpdatedEvent>;

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
