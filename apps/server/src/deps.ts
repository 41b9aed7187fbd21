import type { preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Cache, DataRevision, MicroCache } from './lib/cache';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/events';
import type { RedisLink } from './lib/redis';
import type { LiveTimingSource } from './ingest/provisional/archive-reader';
import type { LiveTower } from './modules/live/timing/live-tower';
import type { ReplayStore } from './modules/live/timing/replay-store';

/** What every module is built from: the settings, the database, the clock and the shared services. */
export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  cache: Cache;
  /** Moves whenever the data may have changed: every cached read keys on it (lib/cache/revision.ts). */
  revision: DataRevision;
  /** Tells open pages (server-sent events) that new results were stored. */
  events: EventBus;
  /** The preHandler of the admin-only endpoints; unset, the signed-in admin check (requireAdmin). */
  adminGuard?: preHandlerAsyncHookHandler;
  /** Shared by several instances (REDIS_URL): the cache, rate-limit counters and events; unset, all in process. */
  redis?: RedisLink;
  /** Told of every route as it is added (the hostile-input tests enumerate the whole API with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The public answers kept for a moment in front of Fastify; unset, one kept for a second (lib/cache/micro-cache.ts). */
  microCache?: MicroCache;
  /** F1's live-timing archive as the provisional-results job reads it; unset, the one the settings give (if any). */
  liveTiming?: LiveTimingSource;
  /** The replays prepared from F1's archive; unset, one within REPLAY_CACHE_MB (modules/live/timing/replay-store.ts). */
  replays?: ReplayStore;
  /** The live timing tower: the feed delivers into its sink, pages read and follow it; unset, one built here. */
  liveTower?: LiveTower;
};
