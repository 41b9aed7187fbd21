import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors';
import { memoryCounterStore, Throttle, waitAfter, type ThrottlePolicy } from './throttle';

const policy: ThrottlePolicy = { free: 3, baseDelayMs: 1000, maxDelayMs: 8000, forgetAfterMs: 60_000 };

/** A throttle on a hand-driven time source: growing delays are checked without waiting. */
function throttleAt(start: number) {
  let now = start;
  const throttle = new Throttle(memoryCounterStore(), () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

async function refusal(promise: Promise<unknown>): Promise<HttpError | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

describe('throttle', () => {
  it('doubles the wait with every attempt past the free ones, up to the cap', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((count) => waitAfter({ count, lastHitAt: 0 }, policy));
    expect(waits).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('lets the free attempts through, then answers 429 with Retry-After until the wait is over', async () => {
    const { throttle, advance } = throttleAt(1_000_000);
    const keys = [{ key: 'sign-in:account:a@example.com', policy }];
    for (let attempt = 0; attempt < 3; attempt += 1) await throttle.take(keys);

    const blocked = await refusal(throttle.assertAllowed(keys));
    expect(blocked).toMatchObject({ statusCode: 429, code: 'auth/too-many-requests', headers: { 'retry-after': '1' } });
    advance(999);
    expect(await refusal(throttle.assertAllowed(keys))).toBeDefined();
    advance(1);
    expect(await refusal(throttle.take(keys))).toBeUndefined();
    expect(await refusal(throttle.assertAllowed(keys))).toMatchObject({ headers: { 'retry-after': '2' } });
  });

  it('blocks when any of the keys must wait, resets one key, and forgets idle counters', async () => {
    const { throttle, advance } = throttleAt(0);
    const account = { key: 'account', policy };
    const address = { key: 'address', policy: { ...policy, free: 1 } };
    await throttle.record([account, address]);
    expect(await refusal(throttle.assertAllowed([account]))).toBeUndefined();
    expect(await refusal(throttle.assertAllowed([account, address]))).toBeDefined();

    await throttle.reset('address');
    expect(await refusal(throttle.assertAllowed([account, address]))).toBeUndefined();

    for (let attempt = 0; attempt < 5; attempt += 1) await throttle.record([account]);
    expect(await refusal(throttle.assertAllowed([account]))).toBeDefined();
    advance(policy.forgetAfterMs);
    expect(await refusal(throttle.assertAllowed([account]))).toBeUndefined();
  });

  it('says how long to wait in words', async () => {
    const { throttle } = throttleAt(0);
    const keys = [{ key: 'k', policy: { free: 0, baseDelayMs: 90_000, maxDelayMs: 90_000, forgetAfterMs: 600_000 } }];
    await throttle.record(keys);
    expect((await refusal(throttle.assertAllowed(keys)))?.message).toBe('Too many attempts. Try again in 2 minutes.');
  });
});
