import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustableClock } from '../../../lib/clock';
import type { RedisLink } from '../../../lib/redis';
import { quietRedisLink } from '../../../test/redis-server';
import { feedStatusBoard } from './status';

/** The Redis every machine of this project runs (REDIS_URL overrides it). */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SESSION = '2026 Qatar Grand Prix Practice 2';

describe('the feed state shared through Redis', () => {
  const clock = adjustableClock(new Date('2026-11-27T17:00:00Z'));
  let holderLink: RedisLink;
  let otherLink: RedisLink;
  // Each test has a key of its own, so runs on the shared Redis never read each other's state.
  const ownKey = () => `test:feed-status:${randomUUID()}`;
  const boards = (key: string) => ({
    holder: feedStatusBoard({ clock, redis: holderLink, enabled: true, key }),
    other: feedStatusBoard({ clock, redis: otherLink, enabled: true, key }),
  });

  beforeAll(async () => {
    holderLink = await quietRedisLink(REDIS_URL);
    otherLink = await quietRedisLink(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all([holderLink, otherLink].map((link) => link.close()));
  });

  it('answers on an instance that does not hold the feed with the holder’s state, and follows its changes', async () => {
    const key = ownKey();
    const { holder, other } = boards(key);
    expect(await other.read()).toEqual({ state: 'idle', since: null, session: null });

    holder.report('connected', SESSION);
    await expect.poll(() => other.read()).toEqual({ state: 'connected', since: '2026-11-27T17:00:00.000Z', session: SESSION });

    clock.set(new Date('2026-11-27T17:21:08Z'));
    holder.report('reconnecting');
    await expect.poll(() => other.read()).toEqual({ state: 'reconnecting', since: '2026-11-27T17:21:08.000Z', session: SESSION });

    holder.report('idle');
    await expect.poll(() => other.read()).toEqual({ state: 'idle', since: null, session: null });
    await holderLink.client.del(key);
  });

  it('keeps the holder’s report only for a bounded time, so a holder gone does not leave its state behind', async () => {
    const key = ownKey();
    const { holder } = boards(key);
    holder.report('unreachable', SESSION);
    await expect.poll(() => otherLink.client.pttl(key)).toBeGreaterThan(0);
    await holderLink.client.del(key);
  });

  it('answers with its own state when the feed is not read on this server, whatever Redis holds', async () => {
    const key = ownKey();
    boards(key).holder.report('connected', SESSION);
    await expect.poll(() => otherLink.client.exists(key)).toBe(1);
    const notReading = feedStatusBoard({ clock, redis: otherLink, enabled: false, key });
    expect(await notReading.read()).toEqual({ state: 'off', since: null, session: null });
    await holderLink.client.del(key);
  });
});
