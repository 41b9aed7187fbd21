import type { FastifyReply } from 'fastify';
import type { LiveTimingEvent } from '@slipstream/contract/live-timing';
import type { BusEvent, EventBus } from '../../lib/events';

/** How long a browser waits before reconnecting a dropped stream (the SSE retry field). */
const RECONNECT_MS = 5000;

export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // nginx and similar proxies would otherwise buffer the stream.
  'x-accel-buffering': 'no',
};

/** The event of the live timing tower's deltas. */
const LIVE_TIMING_EVENT = 'live-timing';

/** Written when the bus no longer knows a client's Last-Event-ID: it may have missed updates, so it refetches. */
const RESYNC_EVENT = 'resync';

/** An event as the stream writes it; every open stream gets the same event object, so it is serialised once. */
const framedEvents = new WeakMap<BusEvent, string>();
function framed(event: BusEvent): string {
  let text = framedEvents.get(event);
  if (text === undefined) {
    text = `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
    framedEvents.set(event, text);
  }
  return text;
}

/**
 * Turns a request into a server-sent event stream of the bus's events. The reply is hijacked and written raw,
 * so no onSend hook (compression, ETag) ever buffers it. While open, the function that ends it is in openStreams.
 */
export async function openEventStream(
  reply: FastifyReply,
  options: {
    events: EventBus;
    /** This instance's live timing deltas: written without an id, so a reconnecting page's Last-Event-ID stays the bus's. */
    liveTiming?: { subscribe(listener: (event: LiveTimingEvent) => void): () => void };
    lastEventId: string | undefined;
    heartbeatMs: number;
    openStreams: Set<() => void>;
    onClose: () => void;
  },
): Promise<void> {
  const { events, liveTiming, lastEventId, heartbeatMs, openStreams, onClose } = options;
  reply.hijack();
  const response = reply.raw;
  // Headers set by hooks so far (security headers) still apply to the raw response.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) response.setHeader(name, value);
  }
  response.writeHead(200, { ...EVENT_STREAM_HEADERS, connection: 'keep-alive' });
  response.write(`retry: ${RECONNECT_MS}\n\n`);

  /** Ids written while catching up, so an event both missed and published meanwhile is written once; then dropped. */
  let written: Set<string> | undefined = new Set<string>();
  const write = (event: BusEvent) => {
    if (written?.has(event.id)) return;
    written?.add(event.id);
    response.write(framed(event));
  };

  // Subscribe before replaying, so nothing published meanwhile is lost; replayed ids are not written twice.
  const arrivedDuringReplay: BusEvent[] = [];
  let replaying = true;
  const unsubscribe = events.subscribe((event) => (replaying ? arrivedDuringReplay.push(event) : write(event)));
  const unsubscribeLiveTiming = liveTiming?.subscribe((event) => response.write(`event: ${LIVE_TIMING_EVENT}\ndata: ${JSON.stringify(event)}\n\n`));
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), heartbeatMs);

  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    unsubscribeLiveTiming?.();
    openStreams.delete(end);
    onClose();
    response.end();
  };
  openStreams.add(end);
  // The response closes when the browser goes away (or after end()).
  response.on('close', end);

  if (lastEventId) {
    const missed = await events.eventsSince(lastEventId);
    if (missed === undefined) response.write(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
    else missed.forEach(write);
  }
  replaying = false;
  arrivedDuringReplay.forEach(write);
  written = undefined;
}
