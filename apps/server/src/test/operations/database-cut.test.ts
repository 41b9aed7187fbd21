import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../lib/errors';
import { buildTestApp, type TestApp } from '../app';
import { postgresAnswers, postgresUrl, seededDatabaseBehindProxy } from '../postgres-behind-proxy';
import type { TcpProxy } from '../tcp-proxy';

/**
 * A database cut changes nothing a visitor can see: every public GET route the app registers (found by its onRoute
 * hook), asked with plausible parameters, is warmed; then PostgreSQL goes away and every answer that was a shareable
 * 200 is given again, the same bytes (from the answer cache, else the last good answer with an Age header). Reads
 * never answered before, sign-ins and writes are refused with 503 meanwhile.
 */

/** Not one request and answer (the event stream), or not public (accounts, the admin's pages, the live tower). */
const NOT_WALKED = /^\/api\/(live\/events|admin\/|auth\/|check-admin|votes\/mine|reaction-game\/me|profile\/|time$|health$|ready$)/;

/** Values for each path parameter, as the seeded slice of F1DB (test/f1-seed.ts) has them. */
const SAMPLES: Record<string, string[]> = {
  year: ['2025', '2024'],
  season: ['2025'],
  slug: ['australian-grand-prix', 'chinese-grand-prix'],
  raceId_slug: ['1126_australian-grand-prix', '1127_chinese-grand-prix'],
  code: ['VER', 'NOR', 'gb', 'nl'],
  'layoutId.svg': ['albert-park-1.svg', 'shanghai-1.svg'],
  'code.svg': ['gb.svg', 'nl.svg'],
  file: ['2025.ics', '1.ics'],
  fomRaceId: ['1', '2'],
  '*': ['2025.json', '2025/1/results.json', 'current/last/driverStandings.json', '2025/constructorStandings.json', 'drivers.json', 'circuits.json', '2025/2/qualifying.json'],
};
/** Public reads whose parameters are in the query. */
const WITH_QUERIES = ['/api/drivers?order=desc', '/api/drivers?season=2024', '/api/teams?season=2024', '/api/title-fight?season=2025', '/api/compare?a=max-verstappen&b=lando-norris', '/api/compare?a=max-verstappen&b=lando-norris&season=2025', '/api/history?season=2024', '/api/live/replays?season=2024'];
/** The families of F1 reads the walk must reach, so a renamed route cannot slip out of it unnoticed. */
const MUST_REACH = ['/api/ergast/f1/', '/api/get-next', '/api/get-last', '/api/history', '/api/teams', '/api/drivers', '/api/seasons/2025/meetings/', '/api/season-results/', '/api/meta', '/api/title-fight', '/api/compare?'];

function urlsOf(pattern: string): string[] {
  let urls = [''];
  for (const part of pattern.split('/').slice(1)) {
    const param = part === '*' ? '*' : /^:(.+)$/.exec(part)?.[1];
    const values = param === undefined ? [part] : (SAMPLES[param] ?? []);
    urls = urls.flatMap((url) => values.map((value) => `${url}/${value}`));
  }
  return urls;
}

describe.skipIf(!postgresAnswers)(`every public read through a database cut (skipped: no PostgreSQL at ${postgresUrl})`, () => {
  let proxy: TcpProxy;
  let database: Database;
  let t: TestApp;
  const patterns: string[] = [];

  beforeAll(async () => {
    ({ proxy, database } = await seededDatabaseBehindProxy());
    const onRoute = (route: RouteOptions) => {
      if ([route.method].flat().includes('GET') && !NOT_WALKED.test(route.url)) patterns.push(route.url);
    };
    // Between the second and third rounds of the seeded 2025 season, so there is a next race and a last one.
    t = await buildTestApp({ database, onRoute, now: '2025-03-25T12:00:00Z' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await proxy?.restore().catch(() => undefined);
    await database?.close();
    await proxy?.close();
  });

  it('answers every public read it answered before with the same bytes, and refuses the rest with 503', async () => {
    const warmed = new Map<string, { body: string; type: string | undefined }>();
    for (const url of [...patterns.flatMap(urlsOf), ...WITH_QUERIES]) {
      const answer = await t.app.inject(url);
      const shareable = !/private|no-store/.test(String(answer.headers['cache-control'] ?? 'no-store'));
      if (answer.statusCode === 200 && shareable) warmed.set(url, { body: answer.body, type: answer.headers['content-type'] as string | undefined });
    }
    for (const family of MUST_REACH) expect([...warmed.keys()].some((url) => url.startsWith(family)), family).toBe(true);
    expect(warmed.size).toBeGreaterThan(40);

    await proxy.cut();
    const changed: string[] = [];
    for (const [url, before] of warmed) {
      const during = await t.app.inject(url);
      if (during.statusCode !== 200 || during.body !== before.body || during.headers['content-type'] !== before.type) {
        changed.push(`${url} -> ${during.statusCode} ${during.body.slice(0, 120)}`);
      }
    }
    expect(changed).toEqual([]);
    // Answers the answer cache still holds come from it as usual; the others (here the featured season, never cached)
    // from the last good answer, which says how old it is.
    expect(Number((await t.app.inject('/api/meta')).headers.age)).toBeGreaterThanOrEqual(0);

    const neverAsked = await t.app.inject('/api/ergast/f1/2024/2/results.json');
    expect(neverAsked.statusCode).toBe(503);
    expect(neverAsked.json()).toMatchObject({ message: DATABASE_UNAVAILABLE_MESSAGE });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'fan@example.com', password: 'correct horse battery staple' } });
    expect(signIn.statusCode).toBe(503);

    await proxy.restore();
    const after = await t.app.inject('/api/meta');
    expect(after.statusCode).toBe(200);
    expect(after.headers.age).toBeUndefined();
  });
});
