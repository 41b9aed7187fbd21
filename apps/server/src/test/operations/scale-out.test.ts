import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { sharedCache } from '../../lib/cache';
import { sharedEventBus, type BusEvent, type EventBus } from '../../lib/events';
import { RedisLink } from '../../lib/redis';
import { APP_HEADERS as APP, TEST_PASSWORD, cookieFrom, fromNewClient, signUpAndSignIn } from '../accounts';
import { buildTestApp, type TestApp } from '../app';
import { SEED, openSeededDatabase } from '../f1-seed';
import { TestRedisServer, hasRedisServer, withoutRedisSaid } from '../redis-server';
import { VISITOR_COOKIE } from '../../modules/votes/visitor';

const CHINA_OPEN = '2025-03-25T12:00:00Z';
const chinaBallot = { raceId: SEED.china2025, bestPointScorer: 'oscar-piastri', bestOfTheRest: 'charles-leclerc', bestTeam: 'mclaren' };
const quietLog = { warn: () => undefined, info: () => undefined };

/** Two instances of the server on one database and one Redis of the test's own: what runs behind a load balancer. */
describe.skipIf(!hasRedisServer)(withoutRedisSaid('two instances sharing Redis'), () => {
  let redis: TestRedisServer;
  let database: Database;
  const links: RedisLink[] = [];
  let a: TestApp;
  let b: TestApp;
  let busOfB: EventBus;
  const heardOnB: BusEvent[] = [];

  const newLink = async () => {
    const link = new RedisLink(redis.url);
    link.useLogger(quietLog);
    links.push(link);
    await link.ready();
    return link;
  };

  beforeAll(async () => {
    redis = await TestRedisServer.start();
    database = await openSeededDatabase();
    const config = { sessionSecret: crypto.randomBytes(32).toString('base64url'), voteRateLimit: 3 };
    a = await buildTestApp({ database, now: CHINA_OPEN, config, redis: await newLink() });
    const linkOfB = await newLink();
    busOfB = sharedEventBus(linkOfB);
    busOfB.subscribe((event) => heardOnB.push(event));
    b = await buildTestApp({ database, now: CHINA_OPEN, config, redis: linkOfB, events: busOfB });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all(links.map((link) => link.close()));
    await database?.close();
    await redis?.kill();
  });

  it('refreshes on one instance the session signed in on the other, whose access token both accept', async () => {
    const user = await signUpAndSignIn(a.app, database, 'roaming@example.com');
    const me = await b.app.inject({ url: '/api/auth/me', headers: user.auth });
    expect(me.statusCode).toBe(200);
    const refreshed = await b.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { ...APP, cookie: user.refreshCookie } });
    expect(refreshed.statusCode).toBe(200);
    // The refresh token rotated on B: the old one, replayed on A, is refused.
    const replayed = await a.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { ...APP, cookie: user.refreshCookie } });
    expect(replayed.statusCode).toBe(401);
  });

  it('counts failed sign-ins on either instance against the same account', async () => {
    const email = 'counted@example.com';
    await signUpAndSignIn(a.app, database, email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const instance = attempt % 2 === 0 ? b : a;
      const wrong = await instance.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: fromNewClient(), payload: { email, password: `wrong ${attempt}` } });
      expect(wrong.statusCode).toBe(401);
    }
    const blocked = await b.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: fromNewClient(), payload: { email, password: TEST_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
  });

  it('checks only the free number of passwords when guesses arrive at both instances at once', async () => {
    const email = 'parallel-shared@example.com';
    await signUpAndSignIn(a.app, database, email);
    const address = fromNewClient();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        (index % 2 === 0 ? a : b).app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: address, payload: { email, password: `guess ${index}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(55);
  });

  it('counts vote submissions of one address on either instance against VOTE_RATE_LIMIT', async () => {
    const address = { 'x-forwarded-for': '192.0.2.77' };
    const submit = (instance: TestApp) => instance.app.inject({ method: 'POST', url: '/api/vote', headers: { ...APP, ...address }, payload: {} });
    expect([(await submit(a)).statusCode, (await submit(b)).statusCode, (await submit(a)).statusCode]).toEqual([400, 400, 400]);
    const refused = await submit(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('Too many votes') });
  });

  it('tells pages on the other instance of every vote, and replays what a page reconnecting there missed', async () => {
    const castOnA = async (address: string) => {
      const page = await a.app.inject({ url: '/api/vote', headers: { 'x-forwarded-for': address } });
      const cookie = cookieFrom(page, VISITOR_COOKIE)!;
      const cast = await a.app.inject({ method: 'POST', url: '/api/vote', headers: { ...APP, cookie, 'x-forwarded-for': address }, payload: chinaBallot });
      expect(cast.statusCode).toBe(201);
    };
    await castOnA('198.51.100.1');
    await vi.waitFor(() => expect(heardOnB.filter((event) => event.type === 'vote-results-updated')).toHaveLength(1));
    await castOnA('198.51.100.2');
    await vi.waitFor(() => expect(heardOnB.filter((event) => event.type === 'vote-results-updated')).toHaveLength(2));

    const [first, second] = heardOnB.filter((event) => event.type === 'vote-results-updated');
    expect(first).toMatchObject({ data: { raceId: SEED.china2025, totalVotes: 1 } });
    expect(second).toMatchObject({ data: { raceId: SEED.china2025, totalVotes: 2 } });
    expect(await busOfB.eventsSince(first!.id)).toEqual([second]);
    expect(await busOfB.eventsSince('r:1-0')).toBeUndefined();
  });

  it('shares cached answers', async () => {
    const [first, second] = links;
    await sharedCache(first!).set('shared-key', 'from A', 60);
    expect(await sharedCache(second!).get('shared-key')).toBe('from A');
  });
});
