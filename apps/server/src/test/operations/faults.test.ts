import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { sharedCache } from '../../lib/cache';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../lib/errors';
import { sharedEventBus, type BusEvent } from '../../lib/events';
import { RedisLink, SharedStateUnavailable } from '../../lib/redis';
import { sharedCounterStore } from '../../modules/auth/throttle';
import { APP_HEADERS } from '../accounts';
import { buildTestApp, type TestApp } from '../app';
import { TestRedisServer, hasRedisServer, withoutRedisSaid } from '../redis-server';
import { postgresAnswers, postgresUrl, seededDatabaseBehindProxy } from '../postgres-behind-proxy';
import type { TcpProxy } from '../tcp-proxy';

const RESULTS = { type: 'results-updated', data: { source: 'test', at: '2025-03-25T12:00:00.000Z', version: null } } as const;

describe.skipIf(!hasRedisServer)(withoutRedisSaid('Redis going away and coming back'), () => {
  let redis: TestRedisServer;
  let link: RedisLink;
  let t: TestApp;
  const logged: string[] = [];

  beforeAll(async () => {
    redis = await TestRedisServer.start();
    link = new RedisLink(redis.url);
    await link.ready();
    t = await buildTestApp({ redis: link });
    // After buildApp, which hands the link the app's (silent) logger.
    link.useLogger({ warn: (_object, message) => logged.push(`warn: ${message}`), info: (message) => logged.push(`info: ${message}`) });
  });
  afterAll(async () => {
    await t?.close();
    await link?.close();
    await redis?.kill();
  });

  it('falls back to the in-process cache and events and refuses what it cannot count, with one warning, and uses Redis again once it is back', async () => {
    const cache = sharedCache(link);
    const counters = sharedCounterStore(link);
    const bus = sharedEventBus(link);
    const heard: BusEvent[] = [];
    bus.subscribe((event) => heard.push(event));
    expect((await t.app.inject('/api/health')).json()).toMatchObject({ status: 'ok', redis: 'up' });

    await redis.kill();
    await vi.waitFor(() => expect(link.available).toBe(false));
    await cache.set('during-outage', 'kept here', 60);
    expect(await cache.get('during-outage')).toBe('kept here');
    const onePerMinute = [{ key: 'account', policy: { free: 1, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetAfterMs: 60_000 } }];
    await expect(counters.take(onePerMinute, 1000)).rejects.toBeInstanceOf(SharedStateUnavailable);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: APP_HEADERS, payload: { email: 'anyone@example.com', password: 'a long password' } });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.headers['retry-after']).toBe('5');
    expect(signIn.json()).toMatchObject({ code: 'auth/limits-unavailable' });
    const local = await bus.publish(RESULTS);
    expect(heard).toEqual([local]);
    expect(await bus.eventsSince('r:1-0')).toBeUndefined();
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
    expect(logged.filter((line) => line.startsWith('warn:'))).toHaveLength(1);

    await redis.restart();
    await vi.waitFor(() => expect(link.available).toBe(true), { timeout: 10_000 });
    expect(logged.at(-1)).toMatch(/^info: Redis is back/);
    await cache.set('after-outage', 'in Redis', 60);
    expect(await link.client.get('slipstream:cache:after-outage')).toBe('in Redis');
    const shared = await bus.publish(RESULTS);
    expect(shared.id).toMatch(/^r:/);
    await vi.waitFor(() => expect(heard).toEqual([local, shared]));
    expect((await t.app.inject('/api/health')).json()).toMatchObject({ status: 'ok', redis: 'up' });
  });
});

describe.skipIf(!postgresAnswers)(`PostgreSQL going away and coming back (skipped: no PostgreSQL at ${postgresUrl})`, () => {
  let proxy: TcpProxy;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    ({ proxy, database } = await seededDatabaseBehindProxy());
    t = await buildTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.restore().catch(() => undefined);
    await database?.close();
    await proxy?.close();
  });

  it('answers 503 with a clear message while the database is unreachable, serves the last good answers, and recovers alone', async () => {
    const warmed = ['/api/live/centre', '/api/drivers', '/api/drivers?order=desc', '/api/teams', '/api/meta', '/api/favourite-drivers/fans'];
    const before = new Map<string, string>();
    for (const url of warmed) {
      const answer = await t.app.inject(url);
      expect(answer.statusCode, url).toBe(200);
      before.set(url, answer.body);
    }

    await proxy.cut();
    const uncached = await t.app.inject('/api/reaction-game/leaderboard');
    expect(uncached.statusCode).toBe(503);
    expect(uncached.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(Number(uncached.headers['retry-after'])).toBeGreaterThan(0);
    for (const url of warmed) {
      const during = await t.app.inject(url);
      expect(during.statusCode, url).toBe(200);
      expect(during.body, url).toBe(before.get(url));
    }
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'down' });
    expect((await t.app.inject('/api/ready')).json()).toMatchObject({ ready: false, database: 'down' });

    await proxy.restore();
    expect((await t.app.inject('/api/meta')).statusCode).toBe(200);
    expect((await t.app.inject('/api/ready')).json()).toMatchObject({ ready: true, database: 'up' });
  });
});
