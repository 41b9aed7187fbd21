import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { RedisLink } from '../../lib/redis';
import { APP_HEADERS, TEST_PASSWORD, fromNewClient, signUpAndSignIn } from '../accounts';
import { buildTestApp, type TestApp } from '../app';
import { openSeededDatabase } from '../f1-seed';
import { TestRedisServer, hasRedisServer, withoutRedisSaid } from '../redis-server';

const CHINA_OPEN = '2025-03-25T12:00:00Z';

/**
 * One Redis set up as docs/deploy.md recommends (a memory cap, `maxmemory-policy noeviction`) holds both the
 * answer cache and the limits. Every limit key expires and has a fixed-size name; once Redis is full it refuses
 * writes, and the limits then refuse too rather than count in an empty store of this process.
 */
describe.skipIf(!hasRedisServer)(withoutRedisSaid('limits in a full Redis'), () => {
  let redis: TestRedisServer;
  let link: RedisLink;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    redis = await TestRedisServer.start(['--maxmemory', '2mb', '--maxmemory-policy', 'noeviction']);
    // A loaded test machine can take longer than the 500 ms production timeout; a timeout refuses too, not what this tests.
    link = new RedisLink(redis.url, { commandTimeoutMs: 5000 });
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

  /**
   * Writes answers the way the cache does (with an expiry) until Redis refuses even a tiny one for want of memory:
   * a refusal of a large write alone only says that write did not fit.
   */
  async function fillUntilRefused(): Promise<void> {
    for (const size of [4000, 100, 1]) {
      for (let entry = 0; ; entry += 1) {
        const refusal = await link.client.set(`slipstream:cache:flood:${size}:${entry}`, 'x'.repeat(size), 'EX', 3600).then(() => undefined, (error: Error) => error);
        if (!refusal) continue;
        expect(refusal.message).toMatch(/^OOM /);
        break;
      }
    }
  }

  it('gives every limit key an expiry and a short name, and refuses sign-ins and votes once Redis is full', async () => {
    const email = 'locked-out@example.com';
    await signUpAndSignIn(t.app, database, email);
    const signIn = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: fromNewClient(), payload: { email, password } });
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await signIn(`wrong ${attempt}`)).statusCode).toBe(401);
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(429);
    const address = { 'x-forwarded-for': '192.0.2.91' };
    const vote = () => t.app.inject({ method: 'POST', url: '/api/vote', headers: { ...APP_HEADERS, ...address }, payload: {} });
    expect([(await vote()).statusCode, (await vote()).statusCode, (await vote()).statusCode]).toEqual([400, 400, 429]);
    const longAddress = `${'a'.repeat(60)}.${'b'.repeat(60)}@${'c'.repeat(60)}.example.com`;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: fromNewClient(), payload: { email: longAddress, password: 'wrong password' } })).statusCode).toBe(401);

    const limitKeys = [...(await link.client.keys('slipstream:throttle:*')), ...(await link.client.keys('slipstream:rate:*'))];
    expect(limitKeys.length).toBeGreaterThanOrEqual(4);
    for (const key of limitKeys) {
      expect(key.length).toBeLessThan(120);
      expect(await link.client.pttl(key)).toBeGreaterThan(0);
    }

    await fillUntilRefused();
    // The locked account gets no password check at all, not even the right one: every answer is a refusal.
    for (const password of ['wrong 6', 'wrong 7', TEST_PASSWORD, 'wrong 8', TEST_PASSWORD]) {
      const refused = await signIn(password);
      expect([429, 503]).toContain(refused.statusCode);
      if (refused.statusCode === 503) {
        expect(refused.headers['retry-after']).toBe('5');
        expect(refused.json()).toMatchObject({ code: 'auth/limits-unavailable', message: expect.stringMatching(/cannot be counted/) });
      }
    }
    const anotherAccount = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: fromNewClient(), payload: { email: 'someone@example.com', password: 'any password' } });
    expect(anotherAccount.statusCode).toBe(503);
    const refusedVote = await t.app.inject({ method: 'POST', url: '/api/vote', headers: { ...APP_HEADERS, 'x-forwarded-for': '192.0.2.92' }, payload: {} });
    expect(refusedVote.statusCode).toBe(503);
    expect(refusedVote.json()).toMatchObject({ message: expect.stringMatching(/^Votes cannot be counted right now/) });
    // A refused write is Redis answering: the rest (cached answers, events) keeps using it, falling back per call.
    expect(link.available).toBe(true);
    expect((await ergast('full.example', 0)).statusCode).toBe(200);
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
