import type { LiveTimingSnapshot } from '@slipstream/contract/live-timing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../db/client';
import { RedisLink } from '../../../lib/redis';
import { buildTestApp, type TestApp } from '../../../test/app';
import { openF1TestDatabase } from '../../../test/f1-database';
import { TestRedisServer, hasRedisServer, withoutRedisSaid } from '../../../test/redis-server';
import { MIAMI_SPRINT, MIAMI_SPRINT_STARTED_MS, startSignalrHub, type SignalrHub } from '../../../test/signalrHub';

const WAIT = { timeout: 45_000, interval: 100 };
/** Twenty minutes into the 2025 Miami Sprint, by the racing clock. */
const DURING_THE_SPRINT = '2025-05-03T16:50:00Z';

async function timing(instance: TestApp): Promise<LiveTimingSnapshot> {
  return (await instance.app.inject({ method: 'GET', url: '/api/live/timing' })).json<LiveTimingSnapshot>();
}

describe.skipIf(!hasRedisServer)(withoutRedisSaid('the live tower of two instances fed by one feed'), { timeout: 180_000 }, () => {
  let database: Database;
  let redis: TestRedisServer;
  let hub: SignalrHub;
  const links: RedisLink[] = [];
  beforeAll(async () => {
    database = await openF1TestDatabase();
    redis = await TestRedisServer.start();
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, speed: 50, fromMs: MIAMI_SPRINT_STARTED_MS + 20 * 60_000, paused: true });
  });
  afterAll(async () => {
    await Promise.all(links.map((link) => link.close()));
    await hub.close();
    await redis.kill();
    await database.close();
  });

  async function instance(): Promise<TestApp> {
    const link = new RedisLink(redis.url);
    links.push(link);
    await link.ready();
    return buildTestApp({ database, redis: link, now: DURING_THE_SPRINT, config: { liveTimingFeed: true, liveTimingUrl: hub.url } });
  }

  it('opens the feed once during the session; both instances show the same tower, and the second carries on when the first stops', async () => {
    const first = await instance();
    await vi.waitFor(async () => expect((await timing(first)).live).toBe(true), WAIT);
    const second = await instance();
    await vi.waitFor(async () => expect((await timing(second)).live).toBe(true), WAIT);

    const tower = (await timing(first)).tower;
    expect(tower?.session).toMatchObject({ meetingName: 'Miami Grand Prix', name: 'Sprint' });
    expect(tower?.order).toHaveLength(20);
    expect((await timing(second)).tower).toEqual(tower);
    expect(hub.subscriptions()).toHaveLength(1);

    await first.close();
    await vi.waitFor(() => expect(hub.subscriptions()).toHaveLength(2), WAIT);
    expect(hub.connectionCount()).toBe(1);
    hub.play();
    await vi.waitFor(async () => expect((await timing(second)).tower?.lapCount?.current).toBeGreaterThan(tower!.lapCount!.current), WAIT);
    await second.close();
  });
});
