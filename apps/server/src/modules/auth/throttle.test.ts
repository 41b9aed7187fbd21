import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors';
import { RedisLink } from '../../lib/redis';
import { TestRedisServer, hasRedisServer, withoutRedisSaid } from '../../test/redis-server';
import { limitKeyName } from '../../lib/rate-limit-store';
import { memoryCounterStore, sharedCounterStore, Throttle, waitAfter, type CounterStore, type ThrottlePolicy } from './throttle';

const policy: ThrottlePolicy = { free: 3, baseDelayMs: 1000, maxDelayMs: 8000, forgetAfterMs: 60_000 };

async function refusal(promise: Promise<unknown>): Promise<HttpError | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

it('doubles the wait with every attempt past the free ones, up to the cap', () => {
  const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((count) => waitAfter({ count, lastHitAt: 0 }, policy));
  expect(waits).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
});

/** The same rules whichever store holds the counters. */
function throttleRules(name: string, newStore: () => CounterStore) {
  describe(`the throttle on ${name}`, () => {
    let keyPrefix = 0;
    /** A throttle on a hand-driven time source, with keys of its own: growing delays are checked without waiting. */
    function throttleAt(start: number) {
      let now = start;
      keyPrefix += 1;
      const throttle = new Throttle(newStore(), () => now);
      return { throttle, key: (name: string) => `${name}-${keyPrefix}`, advance: (ms: number) => (now += ms) };
    }

    it('lets the free attempts through, then answers 429 with Retry-After, counting nothing, until the wait is over', async () => {
      const { throttle, key, advance } = throttleAt(1_000_000);
      const keys = [{ key: key('sign-in:account:a@example.com'), policy }];
      for (let attempt = 0; attempt < 3; attempt += 1) expect(await refusal(throttle.take(keys))).toBeUndefined();

      expect(await refusal(throttle.take(keys))).toMatchObject({ statusCode: 429, code: 'auth/too-many-requests', headers: { 'retry-after': '1' } });
      advance(999);
      expect(await refusal(throttle.take(keys))).toBeDefined();
      advance(1);
      // The refused attempts were not counted: this is the fourth, so the next waits 2 s (not more).
      expect(await refusal(throttle.take(keys))).toBeUndefined();
      expect(await refusal(throttle.take(keys))).toMatchObject({ headers: { 'retry-after': '2' } });
    });

    it('counts on every key or on none, takes one back on refund, resets one key, and forgets idle counters', async () => {
      const { throttle, key, advance } = throttleAt(0);
      const account = { key: key('account'), policy };
      const address = { key: key('address'), policy: { ...policy, free: 1 } };
      await throttle.take([account, address]);
      expect(await refusal(throttle.take([account, address]))).toBeDefined();
      // The refused pair counted nothing on the account either: two more go through there.
      await throttle.take([account]);
      await throttle.take([account]);
      expect(await refusal(throttle.take([account]))).toBeDefined();

      await throttle.refund(account.key);
      expect(await refusal(throttle.take([account]))).toBeUndefined();
      expect(await refusal(throttle.take([account]))).toBeDefined();

      await throttle.reset(address.key);
      expect(await refusal(throttle.take([address]))).toBeUndefined();

      advance(policy.forgetAfterMs);
      for (let attempt = 0; attempt < 3; attempt += 1) expect(await refusal(throttle.take([account]))).toBeUndefined();
    });

    it('lets exactly the free attempts through when they arrive all at once', async () => {
      const { throttle, key } = throttleAt(5_000_000);
      const keys = [{ key: key('parallel'), policy }];
      const outcomes = await Promise.all(Array.from({ length: 40 }, () => refusal(throttle.take(keys))));
      expect(outcomes.filter((outcome) => outcome === undefined)).toHaveLength(policy.free);
    });

    it('says how long to wait in words', async () => {
      const { throttle, key } = throttleAt(0);
      const keys = [{ key: key('k'), policy: { free: 1, baseDelayMs: 90_000, maxDelayMs: 90_000, forgetAfterMs: 600_000 } }];
      await throttle.take(keys);
      expect((await refusal(throttle.take(keys)))?.message).toBe('Too many attempts. Try again in 2 minutes.');
    });
  });
}

throttleRules('the in-process store', memoryCounterStore);

describe.skipIf(!hasRedisServer)(withoutRedisSaid('on Redis'), () => {
  let redis: TestRedisServer;
  let link: RedisLink;
  beforeAll(async () => {
    redis = await TestRedisServer.start();
    link = new RedisLink(redis.url);
    await link.ready();
  });
  afterAll(async () => {
    await link?.close();
    await redis?.kill();
  });

  throttleRules('Redis', () => sharedCounterStore(link));

  it('refuses with 503, counting nothing here, when Redis does not answer in time', async () => {
    const impatient = new RedisLink(redis.url, { commandTimeoutMs: 200 });
    impatient.useLogger({ warn: () => undefined, info: () => undefined });
    await impatient.ready();
    // Redis holds every write (the counting script among them) until UNPAUSE: the link's command times out.
    await link.client.call('CLIENT', 'PAUSE', '60000', 'WRITE');
    try {
      const refused = await refusal(new Throttle(sharedCounterStore(impatient)).take([{ key: 'paused', policy }]));
      expect(refused).toMatchObject({ statusCode: 503, code: 'auth/limits-unavailable', headers: { 'retry-after': '5' } });
    } finally {
      await link.client.call('CLIENT', 'UNPAUSE');
      await impatient.close();
    }
  });

  it('names each counter by a fixed-size digest and lets Redis expire it once it counts as none', async () => {
    await link.client.flushall();
    const store = sharedCounterStore(link);
    const short = { free: 5, baseDelayMs: 1000, maxDelayMs: 1000, forgetAfterMs: 60_000 };
    const longAddress = `${'x'.repeat(5000)}@example.com`;
    await store.take([{ key: `sign-in:account:${longAddress}`, policy: short }], 10_000);
    const [name] = await link.client.keys('slipstream:throttle:*');
    expect(name).toBe(limitKeyName('slipstream:throttle:', `sign-in:account:${longAddress}`));
    expect(name!.length).toBeLessThan(80);
    expect(await link.client.hget(name!, 'count')).toBe('1');
    const expiresIn = await link.client.pttl(name!);
    expect(expiresIn).toBeGreaterThan(50_000);
    expect(expiresIn).toBeLessThanOrEqual(60_000);
  });
});
