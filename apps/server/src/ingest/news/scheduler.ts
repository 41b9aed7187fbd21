import type { FastifyBaseLogger } from 'fastify';
import type { NewsRefreshResult } from '@slipstream/contract';
import type { NewsFeed } from '../../config';
import type { Db } from '../../db/client';
import { findSource } from './store';
import type { FetchLimits } from './fetch';
import { refreshFeed } from './refresh';

/** The longest a failing feed waits between attempts, unless its own schedule is slower. */
const MAX_BACKOFF_MINUTES = 6 * 60;

/**
 * Minutes until the next attempt: the feed's own interval, doubled for each failure in a row
 * (30 → 60 → 120 ... minutes, at most 6 hours), so an unreachable feed is not hammered.
 */
export function minutesBeforeNextAttempt(everyMinutes: number, consecutiveFailures: number): number {
  if (consecutiveFailures === 0) return everyMinutes;
  return Math.max(everyMinutes, Math.min(everyMinutes * 2 ** Math.min(consecutiveFailures, 20), MAX_BACKOFF_MINUTES));
}

/** Milliseconds until a feed is due: now when never tried, else its last attempt plus its wait. */
export function msUntilDue(
  everyMinutes: number,
  state: { lastAttemptAt: Date | null; consecutiveFailures: number } | undefined,
  nowMs: number,
): number {
  if (!state?.lastAttemptAt) return 0;
  const waitMs = minutesBeforeNextAttempt(everyMinutes, state.consecutiveFailures) * 60_000;
  return Math.max(0, state.lastAttemptAt.getTime() + waitMs - nowMs);
}

export type NewsScheduler = {
  /** Cancels the waits and any fetch under way, and resolves once nothing touches the database. */
  stop(): Promise<void>;
};

export type NewsSchedulerOptions = {
  db: Db;
  feeds: NewsFeed[];
  limits: Omit<FetchLimits, 'signal'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  onRefreshed?(result: NewsRefreshResult): void;
};

/**
 * Reads each feed on its own schedule. A feed is due at its last attempt (as recorded in the
 * database, so a restart does not refetch early) plus its interval or its backoff; a feed whose
 * configured URL changed since is due at once.
 */
export function startNewsScheduler(options: NewsSchedulerOptions): NewsScheduler {
  const { db, feeds, limits, log, onRefreshed } = options;
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  const waitThenRead = (feed: NewsFeed, delayMs: number, failures: number) => {
    if (stopping.signal.aborted) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      track(read(feed, failures));
    }, delayMs);
    timers.add(timer);
  };

  const read = async (feed: NewsFeed, failuresBefore: number) => {
    let failures = failuresBefore + 1;
    try {
      const result = await refreshFeed(db, feed, { ...limits, signal: stopping.signal });
      if (result.status === 'failed') {
        log.warn({ source: feed.source, url: feed.url, reason: result.error }, 'news feed could not be read; keeping the items we have');
      } else {
        failures = 0;
        log.info(result, 'news feed read');
      }
      onRefreshed?.(result);
    } catch (error) {
      if (stopping.signal.aborted) return;
      log.error({ err: error, source: feed.source }, 'news feed could not be stored');
    }
    waitThenRead(feed, minutesBeforeNextAttempt(feed.everyMinutes, failures) * 60_000, failures);
  };

  for (const feed of feeds) {
    track(
      findSource(db, feed.source).then(
        (stored) => {
          // The attempts recorded belong to the URL they were made at; a feed moved elsewhere is read at once.
          const state = stored?.url === feed.url ? stored : undefined;
          waitThenRead(feed, msUntilDue(feed.everyMinutes, state, Date.now()), state?.consecutiveFailures ?? 0);
        },
        (error: unknown) => log.error({ err: error, source: feed.source }, 'news schedule could not start'),
      ),
    );
  }

  return {
    async stop() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
