import crypto from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { HttpError } from './errors';
import { SharedStateUnavailable, type RedisLink } from './redis';

/** What @fastify/rate-limit asks a store for: the hits in the current window and the milliseconds left of it. */
type WindowCount = { current: number; ttl: number };
type Callback = (error: Error | null, result?: WindowCount) => void;

/** Seconds a client is asked to wait (Retry-After) while the limits cannot be counted. */
export const LIMITS_RETRY_AFTER_SECONDS = 5;

/**
 * The Redis name of a limit key: the prefix, then a digest of what is counted (an e-mail address, a client
 * address, a route), so every key has the same small size however long the address a client sends.
 */
export function limitKeyName(prefix: string, counted: string): string {
  return prefix + crypto.createHash('sha256').update(counted).digest('base64url');
}

/**
 * A fixed window: the first hit starts it and sets the key's expiry to the window's end, so the key is gone once
 * it no longer counts. ARGV: the window's length. Answers the count and the milliseconds left.
 */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if count == 1 or left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}`;

/**
 * A store for @fastify/rate-limit whose counts every instance shares through Redis. Pass it as the plugin's
 * `store`. While Redis cannot count (away, full, too slow) it fails closed: the request is refused with 503 and
 * Retry-After, since this process's own empty counts would let a flood through.
 */
export function sharedRateLimitStore(link: RedisLink, unavailableMessage: string): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly prefix = 'slipstream:rate:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      link
        .required(async (client) => {
          const [current, ttl] = (await client.eval(INCREMENT_SCRIPT, 1, limitKeyName(this.prefix, key), timeWindow)) as [number, number];
          return { current, ttl: Math.max(0, ttl) };
        })
        .then(
          (result) => callback(null, result),
          (error: unknown) =>
            callback(
              error instanceof SharedStateUnavailable
                ? new HttpError(503, unavailableMessage, { headers: { 'retry-after': String(LIMITS_RETRY_AFTER_SECONDS) } })
                : (error as Error),
            ),
        );
    }

    /** One counter per route: the plugin passes the route as routeInfo (its types say otherwise). */
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new SharedRateLimitStore(undefined, `${this.prefix}${route.method ?? ''}${route.url ?? ''}:`);
    }
  };
}
