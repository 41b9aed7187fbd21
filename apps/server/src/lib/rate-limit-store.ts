import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisLink } from './redis';

/** What @fastify/rate-limit asks a store for: the hits in the current window and the milliseconds left of it. */
type WindowCount = { current: number; ttl: number };
type Callback = (error: Error | null, result?: WindowCount) => void;

const KEY_PREFIX = 'slipstream:rate:';

/**
 * Limit keys (these windows, the sign-in throttle's counters) carry no Redis expiry: with the recommended
 * `maxmemory-policy volatile-lru` Redis evicts only keys that have one (the cached answers), so no flood of cached
 * answers can evict a lockout. Instead this sorted set holds each limit key with the instant it may be forgotten,
 * and every limit script first deletes a few that are due (KEYS[#KEYS] is the index).
 */
export const LIMIT_KEYS_INDEX = 'slipstream:limits:forget-at';
export const COLLECT_FORGOTTEN_LIMITS = `
local due = redis.call('ZRANGEBYSCORE', KEYS[#KEYS], '-inf', ARGV[1], 'LIMIT', 0, 20)
for _, key in ipairs(due) do
  redis.call('DEL', key)
  redis.call('ZREM', KEYS[#KEYS], key)
end`;

/** A fixed window: the first hit starts it. ARGV: now, the window's length. One script, so nothing comes apart. */
const INCREMENT_SCRIPT = `${COLLECT_FORGOTTEN_LIMITS}
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local endsAt = tonumber(redis.call('HGET', KEYS[1], 'endsAt')) or 0
if endsAt <= now then
  endsAt = now + window
  redis.call('HSET', KEYS[1], 'count', 0, 'endsAt', endsAt)
  redis.call('ZADD', KEYS[2], endsAt, KEYS[1])
end
return {redis.call('HINCRBY', KEYS[1], 'count', 1), endsAt - now}`;

/** The in-process windows: the fallback while Redis is away. */
function memoryWindows(now: () => number = Date.now) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return (key: string, windowMs: number): WindowCount => {
    const at = now();
    if (windows.size >= 10_000) for (const [old, entry] of windows) if (entry.endsAt <= at) windows.delete(old);
    const entry = windows.get(key);
    const live = entry && entry.endsAt > at ? entry : { count: 0, endsAt: at + windowMs };
    live.count += 1;
    windows.set(key, live);
    return { current: live.count, ttl: live.endsAt - at };
  };
}

/**
 * A store for @fastify/rate-limit whose counts every instance shares through Redis, falling back to counts of
 * this process while Redis is away (so the limit still holds per instance). Pass it as the plugin's `store`.
 */
export function sharedRateLimitStore(link: RedisLink): FastifyRateLimitStoreCtor {
  const countHere = memoryWindows();
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly prefix = KEY_PREFIX,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = this.prefix + key;
      link
        .attempt(
          async (client) => {
            const [current, ttl] = (await client.eval(INCREMENT_SCRIPT, 2, fullKey, LIMIT_KEYS_INDEX, Date.now(), timeWindow)) as [number, number];
            return { current, ttl: Math.max(0, ttl) };
          },
          async () => countHere(fullKey, timeWindow),
        )
        .then((result) => callback(null, result), (error: Error) => callback(error));
    }

    /** One counter per route: the plugin passes the route as routeInfo (its types say otherwise). */
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new SharedRateLimitStore(undefined, `${this.prefix}${route.method ?? ''}${route.url ?? ''}:`);
    }
  };
}
