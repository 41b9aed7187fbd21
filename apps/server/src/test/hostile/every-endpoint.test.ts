import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../../modules/auth/service';
import { signUpAndSignIn, type SignedInUser } from '../accounts';
import { buildTestApp, type TestApp } from '../app';
import { openSeededDatabase } from '../f1-seed';
import { fakeWebBuild } from './web-build';
import { hostileBody, type HostileBody, hostileHeaders, hostileQuery, hostileScalar, uriComponent } from './arbitraries';

/**
 * Every route the app registers (found by its onRoute hook, so a new endpoint is covered without touching this
 * file) gets property-based hostile input in its path parameters, query and body, signed out, as a user and as an
 * admin: the server never answers 5xx, never leaks a stack trace, and every 4xx is a JSON {message}.
 */

type Route = { method: HTTPMethods; url: string };

/** Endpoints that cannot be injected as one request/response: the event stream stays open by design. */
const STREAMING = new Set(['GET /api/live/events']);
/** Seeded and small by default (a modest run time); HOSTILE_RUNS and HOSTILE_SEED explore further by hand. */
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 24);
const SEED = Number(process.env.HOSTILE_SEED ?? 20251122);

/** Values that pass a parameter's first check, so the hostile rest of a request reaches deeper code. */
function plausibleParams(uid: () => string): Record<string, string[]> {
  return {
    year: ['2025', '2024'],
    season: ['2025'],
    slug: ['australia', 'japan', 'bahrain'],
    raceId_slug: ['1126-australia', '1102-bahrain'],
    code: ['VER', 'NOR', 'gb', 'nl'],
    'layoutId.svg': ['bahrain-1.svg'],
    'code.svg': ['gb.svg', 'zz.svg'],
    provider: ['google', 'github'],
    uid: [uid(), '00000000-0000-4000-8000-000000000000'],
    id: ['00000000-0000-4000-8000-000000000000'],
    fomRaceId: ['1', '999999'],
    roundId: ['00000000-0000-4000-8000-000000000000'],
    question: ['0', '1'],
    '*': [
      '2025/1/results.json',
      'current/last/driverStandings.json',
      '2025.json',
      'drivers/max_verstappen/results/1/races.json',
      '2025/2/drivers/tsunoda/pitstops.json',
      'driverStandings/1/drivers',
      'circuits/albert_park/status.json',
    ],
  };
}

/** Raw path text sent as is (not percent-encoded again): broken escapes, encoded traversal and NUL. */
const rawSegments = fc.constantFrom('%', '%zz', '%c0%ae%c0%ae', '..%2f..%2fetc%2fpasswd', '%2e%2e', '%00', '%ff%fe', '.', '..');

function segmentFor(name: string, plausible: Record<string, string[]>): fc.Arbitrary<string> {
  const candidates = plausible[name] ?? [];
  const encoded = hostileScalar.map(uriComponent);
  return fc.oneof(...(candidates.length > 0 ? [fc.constantFrom(...candidates)] : []), encoded, rawSegments);
}

/** The concrete URL of a route pattern with each :param (and a trailing *) replaced by a generated segment. */
function urlArbitrary(pattern: string, plausible: Record<string, string[]>): fc.Arbitrary<string> {
  const parts = pattern.split('/').map((part) => {
    if (part === '*') return segmentFor('*', plausible);
    const param = /^:([A-Za-z_][\w]*)(.*)$/.exec(part);
    if (!param) return fc.constant(part);
    const [, name, suffix] = param;
    return segmentFor(`${name}${suffix}`, plausible).map((value) => (suffix && !plausible[`${name}${suffix}`] ? `${value}${suffix}` : value));
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

/** A stack frame ("at fn (/app/file.js:12:34)" or "at /app/file.js:12:34"), a dependency path or a source path. */
const STACK_TRACE = /\bat (?:[\w$.<>[\] ]+ \()?(?:file:\/\/)?\/[^\s()"]+:\d+:\d+|node_modules|\/src\/[\w/]+\.ts/;

function expectWellBehaved(response: LightMyRequestResponse, what: string) {
  const context = `${what} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  expect(response.body, context).not.toMatch(STACK_TRACE);
  if (response.statusCode >= 400) {
    expect(String(response.headers['content-type']), context).toMatch(/^application\/json/);
    const body = JSON.parse(response.body) as { message?: unknown };
    expect(typeof body.message, context).toBe('string');
  }
}

describe('hostile input on every endpoint', () => {
  let t: TestApp;
  const routes: Route[] = [];
  let user: SignedInUser;
  let admin: SignedInUser;
  let victim: SignedInUser;

  beforeAll(async () => {
    const collected: Route[] = [];
    const onRoute = (route: RouteOptions) => {
      for (const method of [route.method].flat()) collected.push({ method: method as HTTPMethods, url: route.url });
    };
    t = await buildTestApp({ database: await openSeededDatabase(), onRoute, config: { webDistDir: fakeWebBuild() } });
    routes.push(...collected.filter(({ method, url }) => method !== 'HEAD' && !STREAMING.has(`${method} ${url}`)));
    user = await signUpAndSignIn(t.app, t.database, 'fuzz-user@example.com');
    victim = await signUpAndSignIn(t.app, t.database, 'fuzz-victim@example.com');
    admin = await signUpAndSignIn(t.app, t.database, 'fuzz-admin@example.com');
    await grantAdmin(t.database.db, admin.email);
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('finds the whole API through the onRoute hook', () => {
    const urls = routes.map(({ method, url }) => `${method} ${url}`);
    for (const known of ['GET /api/teams', 'POST /api/auth/sign-in', 'PATCH /api/profile/:uid', 'GET /api/ergast/f1/*', 'GET /uploads/*']) {
      expect(urls).toContain(known);
    }
  });

  it('answers every route with < 500 and a JSON message for every 4xx', { timeout: 600_000 }, async () => {
    const plausible = plausibleParams(() => victim.uid);
    for (const [index, route] of routes.entries()) {
      const identity = fc.constantFrom<{ name: string; headers: Record<string, string> }>(
        { name: 'signed out', headers: {} },
        { name: 'user', headers: user.auth },
        { name: 'admin', headers: admin.auth },
        { name: 'forged token', headers: { authorization: 'Bearer not.a.token' } },
        { name: 'odd scheme', headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } },
        { name: 'garbage cookies', headers: { cookie: 'slipstream_refresh=%%%; slipstream_visitor=\u00ff; a=b=c' } },
        { name: 'odd caching headers', headers: { 'if-none-match': '*, W/"x", "', 'accept-encoding': 'br;q=2, gzip;q=-1, *', range: 'bytes=9-1' } },
      );
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      await fc.assert(
        fc.asyncProperty(urlArbitrary(route.url, plausible), hostileQuery, hasBody ? hostileBody : fc.constant<HostileBody>({}), identity, hostileHeaders, async (url, query, body, who, extraHeaders) => {
          const target = query ? `${url}?${query}` : url;
          const response = await t.app.inject({
            method: route.method,
            url: target,
            payload: body.payload,
            headers: { ...extraHeaders, ...who.headers, ...(body.contentType ? { 'content-type': body.contentType } : {}), 'x-requested-with': 'fetch' },
          });
          expectWellBehaved(response, `${route.method} ${target.slice(0, 200)} (${who.name})`);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + index, endOnFailure: true },
      );
    }
  });
});
