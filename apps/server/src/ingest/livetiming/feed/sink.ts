/**
 * Where live-timing messages go, whichever source produced them: the live feed (SignalR, or its relay through
 * Redis on the instances that do not hold the feed) or a replay of an archived session. Topics and deltas are the
 * feed's own (`TimingData`, `TrackStatus`, ...); a delta merges into the topic's state with `applyDelta` (../stream.ts).
 */
export interface LiveTimingSink {
  /** The whole state of a session (on subscribe, after a reconnect); replaces whatever the sink held. */
  reset(session: LiveTimingSession, state: Readonly<Record<string, unknown>>): void;
  /** One delta of one topic, in the order the feed sent them; `at` is the feed's UTC timestamp (ISO 8601). */
  apply(topic: string, delta: unknown, at: string): void;
  /** The feed closed after the session (or the holder stopped); the last state stays as the final tower. */
  end(): void;
}

/** The session a feed or replay is about; `path` is its archive folder (`2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/`). */
export interface LiveTimingSession {
  path: string;
  meetingName: string;
  sessionName: string;
}
