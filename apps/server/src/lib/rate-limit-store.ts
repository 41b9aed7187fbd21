import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisLink } from './redis';

/** What @fastify/rate-limit asks a store for: the hits in the current window and the milliseconds left of it. */
type WindowCount = { current: number; ttl: number };
type Callback = (error: Error | null, result?: WindowCount) => void;

const KEY_PREFIX = 'slipstream:rate:';

/** A fixed window: the first hit starts it. One script, so the count and its expiry never come apart. */
const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

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
            const [current, ttl] = (await client.eval(INCREMENT_SCRIPT, 1, fullKey, timeWindow)) as [number, number];
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
