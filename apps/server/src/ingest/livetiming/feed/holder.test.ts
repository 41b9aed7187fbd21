import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RedisLink } from '../../../lib/redis';
import { TestRedisServer, hasRedisServer, withoutRedisSaid } from '../../../test/redis-server';
import { TcpProxy } from '../../../test/tcp-proxy';
import { finalStates, MIAMI_SPRINT, MIAMI_SPRINT_STARTED_MS, recordingSink, startSignalrHub, type SignalrHub } from '../../../test/signalrHub';
import { startFeedClient } from './client';
import { startFeedHolder, type FeedHolder, type FeedRun } from './holder';

const quiet = { info: () => undefined, warn: () => undefined };
const WAIT = { timeout: 45_000, interval: 50 };

describe.skipIf(!hasRedisServer)(withoutRedisSaid('one feed holder across instances sharing Redis'), { timeout: 180_000 }, () => {
  let redis: TestRedisServer;
  let hub: SignalrHub;
  const links: RedisLink[] = [];
  const holders: FeedHolder[] = [];

  beforeAll(async () => {
    redis = await TestRedisServer.start();
  });
  afterAll(async () => {
    await redis.kill();
  });
  afterEach(async () => {
    await Promise.all(holders.splice(0).map((holder) => holder.stop()));
    await Promise.all(links.splice(0).map((link) => link.close()));
    await hub.close();
    await forgetRelayedState();
  });

  /** Each test starts from an empty Redis: a new instance would otherwise start from the last test's merged state. */
  async function forgetRelayedState() {
    const link = new RedisLink(redis.url);
    await link.ready();
    await link.attempt((client) => client.flushall(), async () => 'OK');
    await link.close();
  }

  /** One instance: its own Redis connections and sink, its feed straight to the hub (the calendar is not the point here). */
  async function instance(redisUrl = redis.url) {
    const link = new RedisLink(redisUrl);
    links.push(link);
    await link.ready();
    const recorded = recordingSink();
    const run: FeedRun = (sink) => startFeedClient({ baseUrl: hub.url, sink, log: quiet, initialBackoffMs: 50 });
    const holder = startFeedHolder({ redis: link, sink: recorded.sink, run, log: quiet, lockTtlMs: 4000, renewMs: 200, snapshotMs: 100 });
    holders.push(holder);
    return { holder, ...recorded };
  }

  it('opens the feed once; the other instance gets the same state through Redis, joining mid-session', async () => {
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, speed: 600, fromMs: MIAMI_SPRINT_STARTED_MS, paused: true });
    const first = await instance();
    await vi.waitFor(() => expect(first.count('reset')).toBe(1), WAIT);
    const second = await instance();
    await vi.waitFor(() => expect(second.count('reset')).toBe(1), WAIT);
    expect([first.holder.holding, second.holder.holding]).toEqual([true, false]);
    expect(second.calls[0]).toEqual({ kind: 'reset', session: expect.objectContaining({ path: MIAMI_SPRINT }) });

    hub.play();
    await vi.waitFor(() => expect(hub.position()).toBeGreaterThan(hub.timeline.at(-1)!.offsetMs), WAIT);
    const final = finalStates(hub.timeline);
    await vi.waitFor(() => expect(first.merged.snapshot().state).toEqual(final), WAIT);
    await vi.waitFor(() => expect(second.merged.snapshot().state).toEqual(final), WAIT);
    expect(second.count('apply')).toBeGreaterThan(1000);
    expect(hub.subscriptions()).toHaveLength(1);
    expect(hub.connectionCount()).toBe(1);
  });

  it('lets the second instance take the feed over when the holder stops', async () => {
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, speed: 300, fromMs: MIAMI_SPRINT_STARTED_MS, paused: true });
    const first = await instance();
    await vi.waitFor(() => expect(first.holder.holding && first.count('reset') === 1).toBe(true), WAIT);
    const second = await instance();
    await vi.waitFor(() => expect(second.count('reset')).toBe(1), WAIT);
    hub.play();
    await vi.waitFor(() => expect(second.count('apply')).toBeGreaterThan(50), WAIT);

    await first.holder.stop();
    expect(first.calls.at(-1)).toEqual({ kind: 'end' });
    await vi.waitFor(() => expect(second.holder.holding).toBe(true), WAIT);
    await vi.waitFor(() => expect(hub.subscriptions()).toHaveLength(2), WAIT);
    expect(second.calls.some((call) => call.kind === 'end')).toBe(false);

    await vi.waitFor(() => expect(hub.position()).toBeGreaterThan(hub.timeline.at(-1)!.offsetMs), WAIT);
    await vi.waitFor(() => expect(second.merged.snapshot().state).toEqual(finalStates(hub.timeline)), WAIT);
    expect(hub.connectionCount()).toBe(1);
  });

  it('replaces a holder that is cut off from Redis once its lock expires, and the cut-off one steps down when it is back', async () => {
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, speed: 100, fromMs: MIAMI_SPRINT_STARTED_MS });
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: redis.port });
    try {
      const first = await instance(`redis://127.0.0.1:${proxy.port}`);
      await vi.waitFor(() => expect(first.holder.holding).toBe(true), WAIT);
      const second = await instance();
      await vi.waitFor(() => expect(second.count('apply')).toBeGreaterThan(20), WAIT);

      // The first instance loses Redis (its host's network, say): it keeps its feed, since it cannot know, but
      // cannot renew the lock, so the second takes over once the lock expires.
      await proxy.cut();
      await vi.waitFor(() => expect(second.holder.holding).toBe(true), WAIT);
      expect(first.holder.holding).toBe(true);

      await proxy.restore();
      await vi.waitFor(() => expect(first.holder.holding).toBe(false), WAIT);
      await vi.waitFor(() => expect(hub.connectionCount()).toBe(1), WAIT);
      // Back to following: it starts again from the new holder's merged state.
      await vi.waitFor(() => expect(first.count('reset')).toBeGreaterThan(1), WAIT);
    } finally {
      await proxy.close();
    }
  });
});
