import type { RedisLink } from '../../lib/redis';
import { accountError } from './errors';

/**
 * Rate limits with growing delays. Each key (an account's email, or a client IP) counts attempts; past a
 * few free ones, the next attempt must wait a delay that doubles with every further attempt, up to a cap.
 * Counters are forgotten a while after their last hit. Time is real time, never the racing clock.
 */

export type Counter = { count: number; lastHitAt: number };

/** Where counters live: in this process (memoryCounterStore), or Redis when several instances share the load. */
export interface CounterStore {
  get(key: string, now: number): Promise<Counter | undefined>;
  /** Adds one; the counter is forgotten ttlMs after this hit. */
  hit(key: string, now: number, ttlMs: number): Promise<Counter>;
  reset(key: string): Promise<void>;
}

export function memoryCounterStore(): CounterStore {
  const counters = new Map<string, Counter & { expiresAt: number }>();
  const sweep = (now: number) => {
    for (const [key, counter] of counters) if (counter.expiresAt <= now) counters.delete(key);
  };
  return {
    async get(key, now) {
      const counter = counters.get(key);
      if (!counter || counter.expiresAt <= now) return undefined;
      return { count: counter.count, lastHitAt: counter.lastHitAt };
    },
    async hit(key, now, ttlMs) {
      if (counters.size >= 10_000) sweep(now);
      const current = counters.get(key);
      const count = current && current.expiresAt > now ? current.count + 1 : 1;
      counters.set(key, { count, lastHitAt: now, expiresAt: now + ttlMs });
      return { count, lastHitAt: now };
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

  /** Refuses with 429 and Retry-After while any of the keys must still wait. */
  async assertAllowed(keys: ThrottleKey[]): Promise<void> {
    const now = this.now();
    let retryAfterMs = 0;
    for (const { key, policy } of keys) {
      const counter = await this.store.get(key, now);
      if (counter) retryAfterMs = Math.max(retryAfterMs, counter.lastHitAt + waitAfter(counter, policy) - now);
    }
    if (retryAfterMs > 0) {
      const seconds = Math.ceil(retryAfterMs / SECOND);
      throw accountError(429, 'auth/too-many-requests', `Too many attempts. Try again in ${describeWait(seconds)}.`, {
        'retry-after': String(seconds),
      });
    }
  }

  async record(keys: ThrottleKey[]): Promise<void> {
    const now = this.now();
    for (const { key, policy } of keys) await this.store.hit(key, now, policy.forgetAfterMs);
  }

  /** Both at once, for flows where every attempt counts (sign-up, mails). */
  async take(keys: ThrottleKey[]): Promise<void> {
    await this.assertAllowed(keys);
    await this.record(keys);
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(key);
  }
}

function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const COUNTER_PREFIX = 'slipstream:throttle:';

/** Counters every instance shares through Redis (a hash per key); this process's own while Redis is away. */
export function sharedCounterStore(link: RedisLink, fallback: CounterStore = memoryCounterStore()): CounterStore {
  return {
    get: (key, now) =>
      link.attempt(
        async (client) => {
          const stored = await client.hgetall(COUNTER_PREFIX + key);
          if (stored.count === undefined || stored.lastHitAt === undefined) return undefined;
          return { count: Number(stored.count), lastHitAt: Number(stored.lastHitAt) };
        },
        () => fallback.get(key, now),
      ),
    hit: (key, now, ttlMs) =>
      link.attempt(
        async (client) => {
          const fullKey = COUNTER_PREFIX + key;
          const results = await client.multi().hincrby(fullKey, 'count', 1).hset(fullKey, 'lastHitAt', now).pexpire(fullKey, ttlMs).exec();
          const [error, count] = results?.[0] ?? [new Error('the Redis transaction was discarded'), null];
          if (error) throw error;
          return { count: Number(count), lastHitAt: now };
        },
        () => fallback.hit(key, now, ttlMs),
      ),
    reset: (key) =>
      link.attempt(
        async (client) => {
          await client.del(COUNTER_PREFIX + key);
        },
        () => fallback.reset(key),
      ),
  };
}
