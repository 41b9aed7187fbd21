import { randomBytes } from 'node:crypto';
import type { ResultsUpdatedEvent, VoteResultsUpdatedEvent } from '@slipstream/contract';
import type { LiveTimingEvent } from '@slipstream/contract/live-timing';
import type { RedisLink } from './redis';

/**
 * Events that open pages must hear about, behind one small interface: in-process by default, Redis pub/sub and
 * a Redis stream (sharedEventBus) for several instances, which is why every call is async and events are JSON.
 */
export type BusMessage =
  | { type: 'results-updated'; data: ResultsUpdatedEvent }
  | { type: 'vote-results-updated'; data: VoteResultsUpdatedEvent }
  | { type: 'live-timing'; data: LiveTimingEvent };

/** A published message with its id: ordered within one bus, unique across its runs. */
export type BusEvent = BusMessage & { id: string };

export interface EventBus {
  publish(message: BusMessage): Promise<BusEvent>;
  /** Calls listener with every event published from now on; returns the unsubscribe function. */
  subscribe(listener: (event: BusEvent) => void): () => void;
  /**
   * The events published after the one with this id, oldest first (what a reconnecting client missed);
   * undefined when the bus no longer knows that id (too old, or from an earlier run), so the client must resync.
   */
  eventsSince(id: string): Promise<BusEvent[] | undefined>;
}

/** How many recent events an in-process bus keeps for clients that reconnect with Last-Event-ID. */
const KEPT_EVENTS = 100;

/** The bus of a single server process. Ids are "<run>-<sequence>", so an id from an earlier run is recognised. */
export function inProcessEventBus(options: { kept?: number } = {}): EventBus {
  const kept = options.kept ?? KEPT_EVENTS;
  const run = randomBytes(6).toString('hex');
  const listeners = new Set<(event: BusEvent) => void>();
  const recent: BusEvent[] = [];
  let sequence = 0;

  return {
    async publish(message) {
      sequence += 1;
      const event: BusEvent = { ...message, id: `${run}-${sequence}` };
      recent.push(event);
      if (recent.length > kept) recent.shift();
      for (const listener of [...listeners]) listener(event);
      return event;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async eventsSince(id) {
      const [idRun, idSequence] = id.split('-');
      const seen = Number(idSequence);
      if (idRun !== run || !Number.isInteger(seen) || seen < 0 || seen > sequence) return undefined;
      const oldestKept = sequence - recent.length;
      if (seen < oldestKept) return undefined;
      return recent.slice(seen - oldestKept);
    },
  };
}

const STREAM_KEY = 'slipstream:events';
const CHANNEL = 'slipstream:events';
/** Ids of events that went through Redis; any other id is the in-process fallback's. */
const SHARED_ID_PREFIX = 'r:';

/** Appends to the stream (capped) and publishes the id with the message in one step, so order is the same for all. */
const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[1], '*', 'message', ARGV[2])
redis.call('PUBLISH', KEYS[2], id .. ' ' .. ARGV[2])
return id`;

/**
 * The bus of several instances: an event published on any of them reaches the open pages of all (pub/sub), and
 * the last `kept` events stay in a Redis stream, so a page that reconnects to another instance with its
 * Last-Event-ID gets what it missed. While Redis is away, events go through this instance only (the fallback);
 * a page that comes back with an id the bus cannot place is told to resync.
 */
export function sharedEventBus(link: RedisLink, options: { kept?: number; fallback?: EventBus } = {}): EventBus {
  const kept = options.kept ?? KEPT_EVENTS;
  const fallback = options.fallback ?? inProcessEventBus({ kept });
  const listeners = new Set<(event: BusEvent) => void>();
  const deliver = (event: BusEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  fallback.subscribe(deliver);

  void link.subscriber.subscribe(CHANNEL).catch(() => undefined);
  link.subscriber.on('message', (channel: string, payload: string) => {
    if (channel !== CHANNEL) return;
    const space = payload.indexOf(' ');
    deliver({ ...(JSON.parse(payload.slice(space + 1)) as BusMessage), id: SHARED_ID_PREFIX + payload.slice(0, space) });
  });

  return {
    publish: (message) =>
      link.attempt(
        async (client) => {
          const streamId = (await client.eval(PUBLISH_SCRIPT, 2, STREAM_KEY, CHANNEL, kept, JSON.stringify(message))) as string;
          return { ...message, id: SHARED_ID_PREFIX + streamId };
        },
        () => fallback.publish(message),
      ),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async eventsSince(id) {
      if (!id.startsWith(SHARED_ID_PREFIX)) return fallback.eventsSince(id);
      const streamId = id.slice(SHARED_ID_PREFIX.length);
      if (!/^\d+-\d+$/.test(streamId)) return undefined;
      return link.attempt(
        async (client) => {
          const known = await client.xrange(STREAM_KEY, streamId, streamId);
          if (known.length === 0) return undefined;
          const later = await client.xrange(STREAM_KEY, `(${streamId}`, '+');
          return later.map(([laterId, fields]) => ({ ...(JSON.parse(fields[1] ?? '{}') as BusMessage), id: SHARED_ID_PREFIX + laterId }));
        },
        async () => undefined,
      );
    },
  };
}
