import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { mergedLiveTiming } from '../ingest/livetiming/feed/merged-state';
import type { LiveTimingSession, LiveTimingSink } from '../ingest/livetiming/feed/sink';
import { parseJsonStream, stateAt, type StreamMessage } from '../ingest/livetiming/stream';
import { recordedArchiveDir } from './livetimingArchive';

/** Ends every message of ASP.NET Core SignalR's JSON hub protocol. */
const RECORD_SEPARATOR = '\u001e';
const MESSAGE = { invocation: 1, completion: 3, ping: 6, close: 7 } as const;
/** The load balancer's stickiness cookie F1's negotiate sets; the hub refuses a WebSocket without it, as a sticky LB would misroute one. */
const STICKY_COOKIE = 'AWSALBCORS';

/** The 2025 Miami Sprint's recording, and when its SessionStatus says "Started" (the race, about the last hour). */
export const MIAMI_SPRINT = '2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/';
export const MIAMI_SPRINT_STARTED_MS = (1 * 3600 + 10 * 60 + 45) * 1000;

/** One recorded message of one topic, at its session-relative time. */
export type TimelineMessage = { topic: string; offsetMs: number; delta: unknown };

export type SignalrHubOptions = {
  /** The session's archive folder under the recordings, e.g. "2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/". */
  sessionPath: string;
  /** Recorded milliseconds played per real millisecond (default 1). */
  speed?: number;
  /** Where in the recording the hub starts (ms from its first line; default 0). */
  fromMs?: number;
  /** Hold the recording at fromMs until play() (default false: it plays from the start). */
  paused?: boolean;
  /** Told of each feed message as it is sent (benchmarks time the way from here to the pages). */
  onSent?: (message: TimelineMessage) => void;
  /** Port to listen on (default: a free one); a restart listens on the same. */
  port?: number;
  /** How often the hub pings each connection (default 5 s; the client gives up after 30 s of silence). */
  pingMs?: number;
  root?: string;
};

export type SignalrHub = {
  /** The base URL to give the client as LIVETIMING_URL (the hub is at {url}/signalrcore). */
  url: string;
  /** The recording, all topics merged in the order the feed sent them. */
  timeline: readonly TimelineMessage[];
  /** The recording's current position in ms (it keeps advancing while the hub is down, as a live session would). */
  position(): number;
  play(): void;
  pause(): void;
  /** The topic lists of every Subscribe so far. */
  subscriptions(): string[][];
  /** Open WebSocket connections that completed the handshake. */
  connectionCount(): number;
  /** The feed messages sent so far to all connections. */
  sentCount(): number;
  /**
   * There is a subscriber and each has been sent the recording to its end (the clock passing its last line is not
   * enough: the pump sends what is due every 10 ms).
   */
  sentAll(): boolean;
  /** Drops every connection without a close message and stops listening: the hub as a crash leaves it. */
  kill(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
};

type Subscriber = { socket: WebSocket; topics: Set<string>; cursor: number };

/** The recorded topics of a session folder, merged into one timeline (stable: within a topic, file order). */
function loadTimeline(sessionDir: string): { timeline: TimelineMessage[]; startUtcMs: number } {
  const files = fs.readdirSync(sessionDir).filter((name) => name.endsWith('.jsonStream') && !name.includes('.z.'));
  const timeline = files
    .flatMap((name) => {
      const topic = name.replace(/\.jsonStream$/, '');
      return parseJsonStream(fs.readFileSync(path.join(sessionDir, name), 'utf8')).messages.map((message: StreamMessage) => ({ topic, ...message }));
    })
    .sort((a, b) => a.offsetMs - b.offsetMs);
  return { timeline, startUtcMs: recordingStartUtc(timeline) };
}

/**
 * When the recording's first line was sent: race control messages carry their UTC time, so the first one tells it;
 * without them, the session's scheduled start (SessionInfo's local StartDate and GmtOffset).
 */
function recordingStartUtc(timeline: TimelineMessage[]): number {
  for (const message of timeline) {
    if (message.topic !== 'RaceControlMessages') continue;
    const utc = JSON.stringify(message.delta).match(/"Utc":"([^"]+)"/)?.[1];
    if (utc) return Date.parse(/Z|[+-]\d\d:\d\d$/.test(utc) ? utc : `${utc}Z`) - message.offsetMs;
  }
  const info = timeline.find((message) => message.topic === 'SessionInfo')?.delta as { StartDate?: string; GmtOffset?: string } | undefined;
  const offset = (info?.GmtOffset ?? '00:00:00').replace(/^(-?)(\d\d):(\d\d).*$/, (_all, sign: string, hours: string, minutes: string) => `${sign || '+'}${hours}:${minutes}`);
  return info?.StartDate ? Date.parse(`${info.StartDate}${offset}`) : 0;
}

function frame(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/**
 * A stand-in for F1's live-timing hub (`{LIVETIMING_URL}/signalrcore`): the server side of ASP.NET Core SignalR's JSON
 * hub protocol over WebSocket (negotiate, handshake, invocations, completions, pings), replaying a recorded session
 * at a chosen speed. `Subscribe` answers with the state of the asked topics at the current position, then each
 * connection gets the later messages as `feed(topic, delta, timestamp)` invocations, as the real hub sends them.
 */
export async function startSignalrHub(options: SignalrHubOptions): Promise<SignalrHub> {
  const sessionDir = path.join(options.root ?? recordedArchiveDir, options.sessionPath);
  const { timeline, startUtcMs } = loadTimeline(sessionDir);
  const speed = options.speed ?? 1;
  const pingMs = options.pingMs ?? 5000;
  let heldAt = options.fromMs ?? 0;
  let playingSince = options.paused ? undefined : Date.now();
  const position = () => heldAt + (playingSince === undefined ? 0 : (Date.now() - playingSince) * speed);

  const tokens = new Set<string>();
  const subscribers = new Set<Subscriber>();
  const sockets = new Set<Socket>();
  const subscriptions: string[][] = [];
  let sent = 0;

  const stateOf = (topics: Set<string>, atMs: number) => {
    const state: Record<string, unknown> = {};
    for (const topic of topics) {
      const messages = timeline.filter((message) => message.topic === topic && message.offsetMs <= atMs);
      if (messages.length > 0) state[topic] = stateAt(messages, atMs);
    }
    return state;
  };

  const pump = () => {
    const now = position();
    for (const subscriber of subscribers) {
      let message = timeline[subscriber.cursor];
      while (message && message.offsetMs <= now) {
        if (subscriber.topics.has(message.topic)) {
          const timestamp = new Date(startUtcMs + message.offsetMs).toISOString();
          subscriber.socket.send(frame({ type: MESSAGE.invocation, target: 'feed', arguments: [message.topic, message.delta, timestamp] }));
          sent += 1;
          options.onSent?.(message);
        }
        subscriber.cursor += 1;
        message = timeline[subscriber.cursor];
      }
    }
  };
  const pumpTimer = setInterval(pump, 10);

  const onHubMessage = (socket: WebSocket, subscriber: { current?: Subscriber }, message: { type?: number; target?: string; invocationId?: string; arguments?: unknown[] }) => {
    if (message.type !== MESSAGE.invocation || message.invocationId === undefined) return;
    if (message.target !== 'Subscribe' || !Array.isArray(message.arguments?.[0])) {
      socket.send(frame({ type: MESSAGE.completion, invocationId: message.invocationId, error: `Unknown hub method '${message.target}'` }));
      return;
    }
    const topics = (message.arguments[0] as unknown[]).map(String);
    subscriptions.push(topics);
    const atMs = position();
    const cursor = timeline.findIndex((entry) => entry.offsetMs > atMs);
    const entry: Subscriber = { socket, topics: new Set(topics), cursor: cursor === -1 ? timeline.length : cursor };
    socket.send(frame({ type: MESSAGE.completion, invocationId: message.invocationId, result: stateOf(entry.topics, atMs) }));
    subscriber.current = entry;
    subscribers.add(entry);
  };

  const webSockets = new WebSocketServer({ noServer: true });
  webSockets.on('connection', (socket: WebSocket) => {
    const subscriber: { current?: Subscriber } = {};
    let handshaken = false;
    const ping = setInterval(() => handshaken && socket.send(frame({ type: MESSAGE.ping })), pingMs);
    socket.on('close', () => {
      clearInterval(ping);
      if (subscriber.current) subscribers.delete(subscriber.current);
    });
    socket.on('message', (data) => {
      for (const record of data.toString().split(RECORD_SEPARATOR).filter(Boolean)) {
        const message = JSON.parse(record) as { protocol?: string; type?: number };
        if (!handshaken) {
          handshaken = true;
          socket.send(frame(message.protocol === 'json' ? {} : { error: `Requested protocol '${message.protocol}' is not available.` }));
          continue;
        }
        if (message.type === MESSAGE.close) socket.close();
        else onHubMessage(socket, subscriber, message);
      }
    });
  });

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://hub');
    if (request.method === 'POST' && url.pathname === '/signalrcore/negotiate') {
      const connectionToken = randomUUID();
      tokens.add(connectionToken);
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': `${STICKY_COOKIE}=${randomUUID()}; Path=/; SameSite=None` });
      response.end(
        JSON.stringify({
          negotiateVersion: 1,
          connectionId: randomUUID(),
          connectionToken,
          availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
        }),
      );
      return;
    }
    response.writeHead(404).end();
  });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://hub');
    const token = url.searchParams.get('id') ?? '';
    if (url.pathname !== '/signalrcore' || !tokens.delete(token) || !(request.headers.cookie ?? '').includes(`${STICKY_COOKIE}=`)) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    webSockets.handleUpgrade(request, socket, head, (webSocket) => webSockets.emit('connection', webSocket, request));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  let port = options.port ?? 0;
  const listen = () =>
    new Promise<void>((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      }),
    );
  const kill = async () => {
    for (const client of webSockets.clients) client.terminate();
    for (const socket of sockets) socket.destroy();
    subscribers.clear();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  };
  await listen();

  return {
    url: `http://127.0.0.1:${port}`,
    timeline,
    position,
    play() {
      playingSince ??= Date.now();
    },
    pause() {
      heldAt = position();
      playingSince = undefined;
    },
    subscriptions: () => subscriptions.map((topics) => [...topics]),
    connectionCount: () => webSockets.clients.size,
    sentCount: () => sent,
    sentAll: () => subscribers.size > 0 && [...subscribers].every((subscriber) => subscriber.cursor >= timeline.length),
    kill,
    restart: listen,
    async close() {
      clearInterval(pumpTimer);
      await kill();
    },
  };
}

/** Every topic's state once the whole recording has been applied. */
export function finalStates(timeline: readonly TimelineMessage[]): Record<string, unknown> {
  const topics = [...new Set(timeline.map((message) => message.topic))];
  return Object.fromEntries(topics.map((topic) => [topic, stateAt(timeline.filter((message) => message.topic === topic))]));
}

export type SinkCall = { kind: 'reset'; session: LiveTimingSession } | { kind: 'apply'; topic: string; delta: unknown; at: string } | { kind: 'end' };

/** A sink that keeps the merged state and a list of every call, in order. */
export function recordingSink() {
  const merged = mergedLiveTiming();
  const calls: SinkCall[] = [];
  const sink: LiveTimingSink = {
    reset(session, state) {
      calls.push({ kind: 'reset', session });
      merged.reset(session, state);
    },
    apply(topic, delta, at) {
      calls.push({ kind: 'apply', topic, delta, at });
      merged.apply(topic, delta, at);
    },
    end() {
      calls.push({ kind: 'end' });
      merged.end();
    },
  };
  return { sink, calls, merged, count: (kind: SinkCall['kind']) => calls.filter((call) => call.kind === kind).length };
}
