import { deriveTower, diffState, type LiveTimingEvent, type LiveTimingSnapshot, type Tower } from '@slipstream/contract/live-timing';
import { applyDelta, type StreamMessage } from '../../../ingest/livetiming';
import type { LiveTimingSession, LiveTimingSink } from '../../../ingest/livetiming/feed/sink';

/** Browsers get at most this many tower updates a second: the feed's messages in between are coalesced. */
export const TOWER_UPDATES_PER_SECOND = 5;

/** Topics whose history the session's classification reads (DNS and pit-lane starts, the order before a stop). */
const KEPT_HISTORY = ['TimingData', 'TimingAppData', 'SessionStatus'];

/** What a session left when its feed ended: its topics' final states and the kept history, offsets from its first message. */
export type EndedSession = {
  session: LiveTimingSession;
  topics: Readonly<Record<string, unknown>>;
  history: Readonly<Record<string, StreamMessage[]>>;
};

export type LiveTowerOptions = {
  /** Called once the feed of a session ended, with what it left (the provisional results read it). */
  onEnd?: (ended: EndedSession) => Promise<void>;
  intervalMs?: number;
};

export type LiveTower = {
  sink: LiveTimingSink;
  /** The tower now, with the sequence number the next delta follows. */
  snapshot(): LiveTimingSnapshot;
  /** Calls listener with every delta or reset from now on (this instance's open pages); returns the unsubscribe function. */
  subscribe(listener: (event: LiveTimingEvent) => void): () => void;
  /** Stops the coalescing timer (the state stays). */
  close(): void;
};

/**
 * Keeps the merged topics of the session a feed (or its relay) delivers, derives the tower from them and tells
 * its listeners what changed, as a delta, at most TOWER_UPDATES_PER_SECOND times a second. After the session the
 * last tower stays, as the final one, until the next session resets it. Every instance has its own (the feed's
 * relay feeds each one), so the deltas an instance streams always follow the tower it answers with: they never go
 * through the shared event bus, whose other instances count their own sequence.
 */
export function createLiveTower(options: LiveTowerOptions = {}): LiveTower {
  const intervalMs = options.intervalMs ?? 1000 / TOWER_UPDATES_PER_SECOND;
  let session: LiveTimingSession | undefined;
  let topics: Record<string, unknown> = {};
  let history: Record<string, StreamMessage[]> = {};
  let firstMessageAt: number | undefined;
  let live = false;
  let seq = 0;
  let published: Tower | null = null;
  let updatedAt: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  const listeners = new Set<(event: LiveTimingEvent) => void>();

  const send = (event: LiveTimingEvent) => {
    for (const listener of [...listeners]) listener(event);
  };

  /** Publishes the change since the last published tower, if any. */
  const flush = () => {
    if (!session) return;
    const next = deriveTower(topics);
    const delta = diffState(published, next);
    published = next;
    if (delta === undefined) return;
    seq += 1;
    send({ kind: 'delta', seq, live, delta });
  };

  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      flush();
    }, intervalMs);
  };

  const record = (topic: string, delta: unknown, atMs: number) => {
    if (!KEPT_HISTORY.includes(topic)) return;
    firstMessageAt ??= atMs;
    (history[topic] ??= []).push({ offsetMs: Math.max(0, atMs - firstMessageAt), delta });
  };

  const sink: LiveTimingSink = {
    reset(next, state) {
      session = next;
      topics = { ...state };
      history = {};
      firstMessageAt = undefined;
      const now = Date.now();
      for (const [topic, value] of Object.entries(state)) record(topic, value, now);
      live = true;
      published = deriveTower(topics);
      updatedAt = new Date(now).toISOString();
      seq += 1;
      send({ kind: 'reset', seq, live, tower: published });
    },
    apply(topic, delta, at) {
      if (!session) return;
      topics[topic] = applyDelta(topics[topic], delta);
      const atMs = Date.parse(at);
      record(topic, delta, Number.isNaN(atMs) ? Date.now() : atMs);
      updatedAt = at;
      schedule();
    },
    end() {
      if (!session || !live) return;
      clearTimeout(timer);
      timer = undefined;
      flush();
      live = false;
      seq += 1;
      send({ kind: 'reset', seq, live, tower: published });
      const ended: EndedSession = { session, topics: { ...topics }, history };
      void options.onEnd?.(ended).catch(() => undefined);
    },
  };

  return {
    sink,
    snapshot() {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
        flush();
      }
      return { live, seq, tower: published, updatedAt };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
