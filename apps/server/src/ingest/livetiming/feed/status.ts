import type { LiveFeedState, LiveFeedStatus } from '@slipstream/contract';
import type { Clock } from '../../../lib/clock';
import type { RedisLink } from '../../../lib/redis';

const FEED_STATUS_KEY = 'slipstream:livetiming:feed-status';
/** The holder writes its status on every change; one older than this (a session's window at most) is from a holder gone. */
const STATUS_TTL_MS = 6 * 60 * 60_000;

/** Where the feed's holder says how the feed is doing, and where every instance reads it. */
export type FeedStatusBoard = {
  /** Records a change of state; the same state again keeps its `since`. */
  report(state: LiveFeedState, session?: string | null): void;
  read(): Promise<LiveFeedStatus>;
};

/**
 * The feed's state for the pages. In process by default; with Redis the holder's report is shared, so an instance
 * that does not hold the feed answers with the holder's state rather than its own idle one. `key` is where in Redis
 * (tests sharing a Redis give their own).
 */
export function feedStatusBoard(deps: { clock: Clock; redis?: RedisLink; enabled: boolean; key?: string }): FeedStatusBoard {
  const { clock, redis, key = FEED_STATUS_KEY } = deps;
  let status: LiveFeedStatus = { state: deps.enabled ? 'idle' : 'off', since: null, session: null };
  return {
    report(state, session = status.session) {
      if (state === status.state && session === status.session) return;
      status = { state, since: state === 'idle' || state === 'off' ? null : clock.now().toISOString(), session: state === 'idle' ? null : session };
      const json = JSON.stringify(status);
      void redis?.attempt((client) => client.set(key, json, 'PX', STATUS_TTL_MS), async () => null);
    },
    async read() {
      if (!redis || !deps.enabled) return status;
      const shared = await redis.attempt((client) => client.get(key), async () => null);
      return shared ? (JSON.parse(shared) as LiveFeedStatus) : status;
    },
  };
}
