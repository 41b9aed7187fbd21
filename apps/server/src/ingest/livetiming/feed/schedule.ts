import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { loadSeasonMeetings } from '../../../modules/f1/calendar/queries';
import { describeSession, sessionWindow } from '../../../modules/f1/calendar/timetable';
import { startFeedClient, type FeedClient, type FeedLog } from './client';
import type { FeedRun } from './holder';
import type { LiveTimingSink } from './sink';
import type { FeedStatusBoard } from './status';

const MINUTE = 60_000;
/** F1's feed carries a session from well before its start (the pit exit opens, cars go to the grid): connect this early. */
const FEED_LEAD_MS = 30 * MINUTE;
/**
 * The feed is closed when SessionStatus says "Ends", or at the latest this long after the calendar's assumed end:
 * red flags and delays can push a session's end hours back.
 */
const FEED_OVERRUN_MS = 3 * 60 * MINUTE;

/** When the feed should be open for one session of the calendar. */
export type FeedWindow = { key: string; label: string; opensAt: number; startsAt: number; closesAt: number };

/** The windows of the sessions with a known start time around `now` (last season and this one), in order. */
export async function feedWindows(db: Db, now: Date): Promise<FeedWindow[]> {
  const years = new Set([new Date(now.getTime() - FEED_OVERRUN_MS).getUTCFullYear(), now.getUTCFullYear()]);
  const meetings = (await Promise.all([...years].map((year) => loadSeasonMeetings(db, year)))).flat();
  return meetings
    .flatMap((meeting) =>
      meeting.sessions
        .filter((session) => session.startsAt !== null)
        .map((session) => {
          const window = sessionWindow(session);
          return {
            key: `${meeting.raceId}/${session.kind}`,
            label: `${meeting.season} ${meeting.name} ${describeSession(session.kind, meeting.season, meeting.sprintQualifyingFormat)}`,
            opensAt: window.start - FEED_LEAD_MS,
            startsAt: window.start,
            closesAt: window.end + FEED_OVERRUN_MS,
          };
        }),
    )
    .sort((a, b) => a.opensAt - b.opensAt);
}

/** The window open at `now` that has not ended yet (the latest to open, when two overlap). */
export function openWindow(windows: readonly FeedWindow[], now: Date, ended: ReadonlySet<string>): FeedWindow | undefined {
  const t = now.getTime();
  return windows.findLast((window) => window.opensAt <= t && t < window.closesAt && !ended.has(window.key));
}

/**
 * Whether the feed says the window's session is over. Before the session's scheduled start an "Ends" is the
 * previous session's (the feed still carries it), so it does not count.
 */
function sessionEnds(window: FeedWindow, now: Date, topic: string, state: unknown): boolean {
  return topic === 'SessionStatus' && (state as { Status?: unknown } | undefined)?.Status === 'Ends' && now.getTime() >= window.startsAt;
}

export type FeedScheduleOptions = {
  db: Db;
  clock: Clock;
  baseUrl: string;
  log: FeedLog;
  /** Where the feed's state is reported for the pages. */
  status?: Pick<FeedStatusBoard, 'report'>;
  /** How often the calendar is looked at (default 30 s). */
  checkMs?: number;
  /** The client's backoff, for tests. */
  initialBackoffMs?: number;
};

/**
 * The feed by the racing clock: connected while a session's window is open (FEED_LEAD_MS before its start to
 * FEED_OVERRUN_MS after its assumed end), closed, with sink.end(), when the window closes or the feed says the
 * session "Ends". Stopping (the holder stops or steps down) closes it without end(): the session goes on.
 */
export function scheduledFeed(options: FeedScheduleOptions): FeedRun {
  const { db, clock, baseUrl, log } = options;
  const checkMs = options.checkMs ?? 30_000;
  return (sink: LiveTimingSink) => {
    const ended = new Set<string>();
    let open: { window: FeedWindow; client: FeedClient } | undefined;
    let stopped = false;

    const close = async (reason: string) => {
      const closing = open;
      open = undefined;
      if (!closing) return;
      ended.add(closing.window.key);
      log.info({ session: closing.window.label }, `live timing feed: ${reason}; disconnecting`);
      await closing.client.stop();
      options.status?.report('idle');
      sink.end();
    };

    const connect = (window: FeedWindow) => {
      log.info({ session: window.label }, 'live timing feed: the session is near; connecting');
      const watching: LiveTimingSink = {
        reset(session, state) {
          sink.reset(session, state);
          if (sessionEnds(window, clock.now(), 'SessionStatus', state.SessionStatus)) void check('the session had ended');
        },
        apply(topic, delta, at) {
          sink.apply(topic, delta, at);
          if (sessionEnds(window, clock.now(), topic, delta)) void check('the session ends');
        },
        end: () => sink.end(),
      };
      options.status?.report('connecting', window.label);
      const onState = (state: 'connected' | 'reconnecting' | 'unreachable') => options.status?.report(state, window.label);
      open = { window, client: startFeedClient({ baseUrl, sink: watching, log, initialBackoffMs: options.initialBackoffMs, onState }) };
    };

    let checking: Promise<void> = Promise.resolve();
    const check = (endedBy?: string) => {
      checking = checking.then(async () => {
        if (stopped) return;
        if (endedBy) return close(endedBy);
        const window = openWindow(await feedWindows(db, clock.now()), clock.now(), ended);
        if (open && open.window.key !== window?.key) await close('the session window closed');
        if (window && !open) connect(window);
      }).catch((error: unknown) => log.warn({ err: (error as Error).message }, 'live timing feed: could not read the calendar'));
      return checking;
    };
    void check();
    const timer = setInterval(() => void check(), checkMs);

    return {
      async stop() {
        stopped = true;
        clearInterval(timer);
        await checking;
        const closing = open;
        open = undefined;
        await closing?.client.stop();
        options.status?.report('idle');
      },
    };
  };
}
