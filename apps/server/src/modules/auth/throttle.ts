import { LIMITS_RETRY_AFTER_SECONDS, limitKeyName } from '../../lib/rate-limit-store';
import { SharedStateUnavailable, type RedisLink } from '../../lib/redis';
import { accountError } from './errors';

/**
 * Rate limits with growing delays. Each key (an account's email, or a client IP) counts attempts; past a
 * few free ones, the next attempt must wait a delay that doubles with every further attempt, up to a cap.
 * Counters are forgotten a while after their last hit. Time is real time, never the racing clock.
 */

export type Counter = { count: number; lastHitAt: number };

/**
 * Where counters live: in this process (memoryCounterStore), or Redis when several instances share the load. An
 * attempt is counted before the work it guards (a password check), in one atomic step per request, so that
 * attempts sent in parallel cannot all pass the check before any of them is counted.
 */
export interface CounterStore {
  /**
   * Counts one attempt on every key, unless one of them must still wait (waitAfter): then nothing is counted.
   * Answers 0 when counted, else the milliseconds until the next attempt is allowed.
   */
  take(keys: ThrottleKey[], now: number): Promise<number>;
  /** Takes one counted attempt back (one that turned out not to be a guess). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** The wait one counter imposes at `now`: a counter untouched for forgetAfterMs counts as none. */
function waitOf(counter: Counter | undefined, policy: ThrottlePolicy, now: number): number {
  if (!counter || counter.lastHitAt + policy.forgetAfterMs <= now) return 0;
  return Math.max(0, counter.lastHitAt + waitAfter(counter, policy) - now);
}

export function memoryCounterStore(): CounterStore {
  const counters = new Map<string, Counter & { expiresAt: number }>();
  const live = (key: string, now: number) => {
    const counter = counters.get(key);
    return counter && counter.expiresAt > now ? counter : undefined;
  };
  return {
    // No await inside: the check and the count happen in one turn of the event loop.
    async take(keys, now) {
      const wait = Math.max(0, ...keys.map(({ key, policy }) => waitOf(live(key, now), policy, now)));
      if (wait > 0) return wait;
      if (counters.size >= 10_000) for (const [key, counter] of counters) if (counter.expiresAt <= now) counters.delete(key);
      for (const { key, policy } of keys) {
        counters.set(key, { count: (live(key, now)?.count ?? 0) + 1, lastHitAt: now, expiresAt: now + policy.forgetAfterMs });
      }
      return 0;
    },
    async refund(key) {
      const counter = counters.get(key);
      if (counter && counter.count > 0) counter.count -= 1;
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}

export type ThrottlePolicy = {
  /** Attempts allowed without any wait. */
  free: number;
  /** The wait after the first attempt past the free ones; it doubles with each further attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A counter untouched this long starts again from zero. */
  forgetAfterMs: number;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Per account (the email) and per client address (IP) for each flow that can be abused. */
export const throttlePolicies = {
  signInAccount: { free: 5, baseDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  signInAddress: { free: 20, baseDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  signUpAccount: { free: 3, baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: 24 * HOUR },
  signUpAddress: { free: 10, baseDelayMs: 30 * SECOND, maxDelayMs: HOUR, forgetAfterMs: 24 * HOUR },
  mailAccount: { free: 3, baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: 24 * HOUR },
  mailAddress: { free: 10, baseDelayMs: 30 * SECOND, maxDelayMs: HOUR, forgetAfterMs: 24 * HOUR },
} satisfies Record<string, ThrottlePolicy>;

export type ThrottleKey = { key: string; policy: ThrottlePolicy };

/** How long after its last hit a counter blocks the next attempt. */
export function waitAfter(counter: Counter, policy: ThrottlePolicy): number {
  if (counter.count < policy.free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (counter.count - policy.free), policy.maxDelayMs);
}

export class Throttle {
  constructor(
    private readonly store: CounterStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts an attempt on every key, or refuses with 429 and Retry-After (counting nothing) while one must wait,
   * or with 503 while the shared counters cannot be read (no attempt goes unchecked).
   */
  async take(keys: ThrottleKey[]): Promise<void> {
    const retryAfterMs = await this.store.take(keys, this.now()).catch(refuseWhenUncounted);
    if (retryAfterMs > 0) {
      const seconds = Math.ceil(retryAfterMs / SECOND);
      throw accountError(429, 'auth/too-many-requests', `Too many attempts. Try again in ${describeWait(seconds)}.`, {
        'retry-after': String(seconds),
      });
    }
  }

  async refund(key: string): Promise<void> {
    await this.store.refund(key);
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(key);
  }
}

function refuseWhenUncounted(error: unknown): never {
  if (!(error instanceof SharedStateUnavailable)) throw error;
  throw accountError(503, 'auth/limits-unavailable', undefined, { 'retry-after': String(LIMITS_RETRY_AFTER_SECONDS) });
}

function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const COUNTER_PREFIX = 'slipstream:throttle:';

/**
 * One attempt on every key, counted only when none must wait. ARGV: now, then free, baseDelayMs, maxDelayMs,
 * forgetAfterMs per key. Each counter expires forgetAfterMs after its last hit, when it would count as none.
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local counters = {}
local wait = 0
for i = 1, #KEYS do
  local base = 1 + (i - 1) * 4
  local free, baseDelay, maxDelay, forget = tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2]), tonumber(ARGV[base + 3]), tonumber(ARGV[base + 4])
  local stored = redis.call('HMGET', KEYS[i], 'count', 'lastHitAt')
  local count, last = tonumber(stored[1]) or 0, tonumber(stored[2]) or 0
  if last + forget <= now then count = 0 end
  if count >= free then wait = math.max(wait, last + math.min(baseDelay * 2 ^ (count - free), maxDelay) - now) end
  counters[i] = { count = count, forget = forget }
end
if wait > 0 then return math.ceil(wait) end
for i = 1, #KEYS do
  redis.call('HSET', KEYS[i], 'count', counters[i].count + 1, 'lastHitAt', now)
  redis.call('PEXPIRE', KEYS[i], counters[i].forget)
end
return 0`;

const REFUND_SCRIPT = `if (tonumber(redis.call('HGET', KEYS[1], 'count')) or 0) > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) end`;

const counterName = (key: string) => limitKeyName(COUNTER_PREFIX, key);

/**
 * Counters every instance shares through Redis (a hash per key). Taking fails (SharedStateUnavailable) while
 * Redis cannot count, so the Throttle refuses; a refund or a reset that fails is only a counter that stays until
 * it expires, so those never fail the request.
 */
export function sharedCounterStore(link: RedisLink): CounterStore {
  const bestEffort = (work: Parameters<RedisLink['required']>[0]) => link.attempt(work, async () => undefined).then(() => undefined);
  return {
    take: (keys, now) =>
      link.required(async (client) => {
        const names = keys.map(({ key }) => counterName(key));
        const policies = keys.flatMap(({ policy }) => [policy.free, policy.baseDelayMs, policy.maxDelayMs, policy.forgetAfterMs]);
        return Number(await client.eval(TAKE_SCRIPT, names.length, ...names, now, ...policies));
      }),
    refund: (key) => bestEffort((client) => client.eval(REFUND_SCRIPT, 1, counterName(key))),
    reset: (key) => bestEffort((client) => client.del(counterName(key))),
  };
}
