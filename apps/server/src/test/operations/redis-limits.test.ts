import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { sharedCache } from '../../lib/cache';
import { sharedCounterStore, throttlePolicies } from '../../modules/auth/throttle';
import { RedisLink } from '../../lib/redis';
import { APP_HEADERS, fromNewClient, signUpAndSignIn } from '../accounts';
import { buildTestApp, type TestApp } from '../app';
import { openSeededDatabase } from '../f1-seed';
import { TestRedisServer, hasRedisServer, withoutRedisSaid } from '../redis-server';

const CHINA_OPEN = '2025-03-25T12:00:00Z';

/**
 * One Redis set up as docs/deploy.md recommends (a memory cap, `maxmemory-policy volatile-lru`) holds both the
 * answer cache and the limits: a flood of answers must never evict a lockout or a vote limit.
 */
describe.skipIf(!hasRedisServer)(withoutRedisSaid('limits in a Redis full of cached answers'), () => {
  let redis: TestRedisServer;
  let link: RedisLink;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    redis = await TestRedisServer.start(['--maxmemory', '3mb', '--maxmemory-policy', 'volatile-lru']);
    link = new RedisLink(redis.url);
    await link.ready();
    database = await openSeededDatabase();
    t = await buildTestApp({ database, now: CHINA_OPEN, redis: link, config: { sessionSecret: crypto.randomBytes(32).toString('base64url'), voteRateLimit: 2 } });
  });
  afterAll(async () => {
    await t?.close();
    await link?.close();
    await database?.close();
    await redis?.kill();
  });

  const ergast = (host: string, offset: number) => t.app.inject({ url: `/api/ergast/f1/2025/results.json?offset=${offset}`, headers: { host } });
  const cacheKeys = () => link.client.keys('slipstream:cache:*');

  it('keeps a sign-in lockout and a vote limit while Ergast requests with varied Host and offset, and more answers, fill it', async () => {
    const email = 'locked-out@example.com';
    await signUpAndSignIn(t.app, database, email);
    const signIn = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: fromNewClient(), payload: { email, password } });
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await signIn(`wrong ${attempt}`)).statusCode).toBe(401);
    const address = { 'x-forwarded-for': '192.0.2.91' };
    const vote = () => t.app.inject({ method: 'POST', url: '/api/vote', headers: { ...APP_HEADERS, ...address }, payload: {} });
    expect([(await vote()).statusCode, (await vote()).statusCode, (await vote()).statusCode]).toEqual([400, 400, 429]);

    for (let request = 0; request < 400; request += 1) expect((await ergast(`h${request}.example`, request)).statusCode).toBe(200);
    const cache = sharedCache(link);
    for (let entry = 0; entry < 3000; entry += 1) await cache.set(`flood:${entry}`, 'x'.repeat(2000), 3600);
    const stats = await link.client.info('stats');
    expect(Number(/evicted_keys:(\d+)/.exec(stats)?.[1])).toBeGreaterThan(0);

    // The lockout itself outlived the flood: the fifth failure's counter, judged at the instant of the sixth.
    const counter = await link.client.hgetall(`slipstream:throttle:sign-in:account:${email}`);
    expect(counter.count).toBe('5');
    const accountKey = [{ key: `sign-in:account:${email}`, policy: throttlePolicies.signInAccount }];
    expect(await sharedCounterStore(link).take(accountKey, Number(counter.lastHitAt) + 1)).toBeGreaterThan(0);
    expect((await vote()).statusCode).toBe(429);
  });

  it('keeps one cached answer for an Ergast page asked on any number of hosts, and lowers offsets past any list to the maximum', async () => {
    await link.client.flushall();
    for (let request = 0; request < 50; request += 1) expect((await ergast(`other${request}.example`, 0)).statusCode).toBe(200);
    const ergastKeys = (await cacheKeys()).filter((key) => key.includes('ergast'));
    expect(ergastKeys).toHaveLength(1);
    const farOff = await ergast('one.example', 100_001);
    expect(farOff.statusCode).toBe(200);
    expect(farOff.json().MRData).toMatchObject({ offset: '100000', total: expect.any(String) });
  });
});
