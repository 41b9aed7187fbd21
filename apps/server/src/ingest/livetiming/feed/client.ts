import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection, type ILogger } from '@microsoft/signalr';
import { TOWER_TOPICS } from '@slipstream/contract/live-timing';
import type { LiveTimingSession, LiveTimingSink } from './sink';

/**
 * The topics a timing tower needs, with the top three and the best-lap statistics; F1 sends them without an
 * account. CarData.z and Position.z (telemetry, places on the track) need an F1 TV login since 2025: not asked for.
 */
export const FEED_TOPICS = [...TOWER_TOPICS, 'TopThree', 'TimingStats'];

export type FeedLog = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

export type FeedClientOptions = {
  /** LIVETIMING_URL: the hub is at {baseUrl}/signalrcore. */
  baseUrl: string;
  sink: LiveTimingSink;
  log: FeedLog;
  /** The first wait after a failed or dropped connection (default 1 s); it doubles up to maxBackoffMs (default 60 s). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** Told when the connection is up, has dropped (reconnecting) or has not come up yet (unreachable). */
  onState?: (state: 'connected' | 'reconnecting' | 'unreachable') => void;
};

export type FeedClient = {
  /** Whether the hub answered Subscribe on the current connection. */
  readonly subscribed: boolean;
  /** Closes the connection and stops reconnecting; resolves once closed. */
  stop(): Promise<void>;
};

type SessionInfoState = { Path?: string; Name?: string; Meeting?: { Name?: string } };

/** The session a Subscribe answer is about, from its SessionInfo. */
function sessionOf(state: Readonly<Record<string, unknown>>): LiveTimingSession {
  const info = (state.SessionInfo ?? {}) as SessionInfoState;
  return { path: info.Path ?? '', meetingName: info.Meeting?.Name ?? '', sessionName: info.Name ?? '' };
}

/** The SignalR client's own log lines go to ours: warnings and errors only, it is chatty below that. */
function signalrLogger(log: FeedLog): ILogger {
  return {
    log(level, message) {
      if (level >= LogLevel.Warning && level !== LogLevel.None) log.warn({ signalr: message }, 'live timing feed: SignalR reports a problem');
    },
  };
}

/**
 * F1's live-timing feed through ASP.NET Core SignalR (`@microsoft/signalr`, WebSockets after negotiate, whose
 * cookie the client keeps). On each connection it invokes `Subscribe` with FEED_TOPICS: the answer is the whole
 * state (sink.reset), then every `feed(topic, delta, timestamp)` goes to sink.apply in the order received. A
 * dropped or refused connection is tried again after a wait that doubles (with jitter) up to maxBackoffMs, and
 * starts with a fresh Subscribe, since deltas sent meanwhile are lost.
 */
export function startFeedClient(options: FeedClientOptions): FeedClient {
  const { baseUrl, sink, log } = options;
  const initialBackoffMs = options.initialBackoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  let connection: HubConnection | undefined;
  let subscribed = false;
  let stopped = false;
  let wakeUp: (() => void) | undefined;

  /** Connects and subscribes; resolves with the connection's end (its error, if any). */
  const connectOnce = async (): Promise<{ closed: Promise<Error | undefined> }> => {
    const hub = new HubConnectionBuilder()
      .withUrl(`${baseUrl}/signalrcore`, { transport: HttpTransportType.WebSockets })
      .configureLogging(signalrLogger(log))
      .build();
    connection = hub;
    const closed = new Promise<Error | undefined>((resolve) => hub.onclose(resolve));
    // Deltas that arrive before the Subscribe answer wait for it; applying one twice changes nothing.
    let early: [string, unknown, string][] | undefined = [];
    hub.on('feed', (topic: string, delta: unknown, at: string) => {
      if (early) early.push([topic, delta, at]);
      else sink.apply(topic, delta, at);
    });
    await hub.start();
    if (stopped) {
      await hub.stop();
      return { closed };
    }
    const state = (await hub.invoke('Subscribe', FEED_TOPICS)) as Record<string, unknown>;
    sink.reset(sessionOf(state), state);
    for (const [topic, delta, at] of early) sink.apply(topic, delta, at);
    early = undefined;
    subscribed = true;
    log.info({ session: sessionOf(state).path }, 'live timing feed: subscribed');
    return { closed };
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = async () => {
    let failures = 0;
    let everConnected = false;
    while (!stopped) {
      try {
        const { closed } = await connectOnce();
        failures = 0;
        everConnected = true;
        if (!stopped) options.onState?.('connected');
        const error = await closed;
        if (stopped) break;
        options.onState?.('reconnecting');
        log.warn({ err: error?.message }, 'live timing feed: the connection closed; reconnecting');
      } catch (error) {
        failures += 1;
        if (!stopped) options.onState?.(everConnected ? 'reconnecting' : 'unreachable');
        log.warn({ err: (error as Error).message, failures }, 'live timing feed: could not connect or subscribe');
        await connection?.stop().catch(() => undefined);
      }
      subscribed = false;
      if (stopped) break;
      const backoff = Math.min(initialBackoffMs * 2 ** Math.max(failures - 1, 0), maxBackoffMs);
      await wait(backoff * (0.8 + Math.random() * 0.4));
    }
  };
  const running = run();

  return {
    get subscribed() {
      return subscribed;
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await connection?.stop().catch(() => undefined);
      await running;
    },
  };
}
