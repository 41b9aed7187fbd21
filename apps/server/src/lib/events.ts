import { randomBytes } from 'node:crypto';
import type { ResultsUpdatedEvent } from '@slipstream/contract';

/**
 * Events that open pages must hear about, behind one small interface: in-process now; Redis pub/sub will
 * implement it for several instances (which is why every call is async and events are plain JSON).
 */
export type BusMessage = { type: 'results-updated'; data: ResultsUpdatedEvent };

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
