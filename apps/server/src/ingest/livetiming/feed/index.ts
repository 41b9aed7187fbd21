import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { RedisLink } from '../../../lib/redis';
import type { FeedLog } from './client';
import { startFeedHolder, type FeedHolder } from './holder';
import { scheduledFeed } from './schedule';
import type { LiveTimingSink } from './sink';
import type { FeedStatusBoard } from './status';

export type { LiveTimingSession, LiveTimingSink } from './sink';
export { feedStatusBoard, type FeedStatusBoard } from './status';

export type LiveTimingFeed = {
  /** Takes part in holding the feed (LIVETIMING_FEED); a no-op when the setting is off. */
  start(): void;
  stop(): Promise<void>;
  /** Whether this instance holds the feed now. */
  readonly holding: boolean;
};

/**
 * F1's live feed for this instance's sink: one instance of the deployment holds it (startFeedHolder) and opens it
 * around each session by the racing clock (scheduledFeed); the others receive it through Redis.
 */
export function liveTimingFeed(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  redis?: RedisLink;
  sink: LiveTimingSink;
  log: FeedLog;
  status?: Pick<FeedStatusBoard, 'report'>;
}): LiveTimingFeed {
  const { config, db, clock, redis, sink, log, status } = deps;
  let holder: FeedHolder | undefined;
  return {
    start() {
      if (!config.liveTimingFeed || holder) return;
      holder = startFeedHolder({ redis, sink, log, run: scheduledFeed({ db, clock, baseUrl: config.liveTimingUrl, log, status }) });
    },
    async stop() {
      await holder?.stop();
      holder = undefined;
    },
    get holding() {
      return holder?.holding ?? false;
    },
  };
}
