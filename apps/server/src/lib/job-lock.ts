import { randomUUID } from 'node:crypto';
import type { RedisLink } from './redis';

/** What a job's check did under the lock: ran (with its value), or left it to the instance holding the lock. */
export type LockedRun<T> = { ran: true; value: T } | { ran: false };

/** Runs a job's checks on one instance at a time when several instances share a Redis. */
export type JobLock = {
  runAlone<T>(job: string, run: () => Promise<T>): Promise<LockedRun<T>>;
};

/** One instance: nothing to share, every check runs (the job itself never runs two checks at once). */
export const localJobLock: JobLock = {
  runAlone: async (_job, run) => ({ ran: true, value: await run() }),
};

const KEY_PREFIX = 'slipstream:job-lock:';
/** Long enough for no pause of a busy instance to lose it; the holder renews it every third of it. */
const DEFAULT_LEASE_MS = 60_000;

/** Deletes or renews the lock only while it is still ours (a lease that ran out may have gone to another instance). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * A lock per job in the shared Redis: SET NX with a lease, renewed while the check runs and deleted after it, so
 * an instance that dies mid-check frees the job within a lease. While Redis is unavailable every instance runs its
 * checks, as without Redis: the stores they make are idempotent, so a duplicate check costs work, not data.
 */
export function redisJobLock(redis: RedisLink, options: { leaseMs?: number } = {}): JobLock {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  return {
    async runAlone(job, run) {
      const key = `${KEY_PREFIX}${job}`;
      const token = randomUUID();
      const acquired = await redis.attempt(
        async (client) => (await client.set(key, token, 'PX', leaseMs, 'NX')) === 'OK',
        async () => true,
      );
      if (!acquired) return { ran: false };
      const renewal = setInterval(() => void redis.attempt((client) => client.eval(RENEW, 1, key, token, leaseMs), async () => 0), leaseMs / 3);
      renewal.unref();
      try {
        return { ran: true, value: await run() };
      } finally {
        clearInterval(renewal);
        await redis.attempt((client) => client.eval(RELEASE, 1, key, token), async () => 0);
      }
    },
  };
}
