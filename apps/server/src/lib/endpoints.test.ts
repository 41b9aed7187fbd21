import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl, ENDPOINTS, type EndpointName, type PathParamsOf } from '@slipstream/contract/endpoints';
import { buildTestApp, type TestApp } from '../test/app';
import { openSeededDatabase } from '../test/f1-seed';

/**
 * The registry and the server agree (docs/decisions, "One endpoint registry"): every endpoint has its handler at
 * the registry's method and path, every route of the API is an endpoint's, and a read the server's rendering calls
 * in-process answers what the same read over HTTP answers.
 */

type SeenRoute = { method: string; url: string; endpoint?: EndpointName };

/** Outside the registry: the Ergast-compatible API (any Ergast path) and the test hooks. */
const outsideRegistry = (url: string) => url.startsWith('/api/ergast/') || url.startsWith('/api/test/');

const names = Object.keys(ENDPOINTS) as EndpointName[];
const isErgast = (name: EndpointName) => 'ergast' in ENDPOINTS[name];

describe('the endpoint registry on the server', () => {
  let t: TestApp;
  const routes: SeenRoute[] = [];

  beforeAll(async () => {
    const onRoute = (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url, endpoint: (route.config as { endpoint?: EndpointName } | undefined)?.endpoint });
      }
    };
    t = await buildTestApp({ database: await openSeededDatabase(), onRoute, config: { testHooks: true }, now: '2025-03-20T12:00:00Z' });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('gives every endpoint one handler, at its method and path', () => {
    for (const name of names.filter((name) => !isErgast(name))) {
      const handlers = routes.filter((route) => route.endpoint === name);
      expect(handlers, name).toEqual([{ method: ENDPOINTS[name].method, url: ENDPOINTS[name].path, endpoint: name }]);
    }
  });

  it('has no route of the API outside the registry but the Ergast API and the test hooks', () => {
    const strays = routes.filter((route) => route.url.startsWith('/api/') && !outsideRegistry(route.url) && route.endpoint === undefined);
    expect(strays).toEqual([]);
  });

  it('answers the screens’ Ergast reads by the Ergast API’s route', () => {
    expect(routes).toContainEqual({ method: 'GET', url: '/api/ergast/f1/*', endpoint: undefined });
    for (const name of names.filter(isErgast)) expect(t.app.endpointReaders.has(name), name).toBe(true);
  });

  it('reads in-process what the same read answers over HTTP', async () => {
    const season = 2025;
    const reads: { [N in EndpointName]?: PathParamsOf<N> } = {
      meta: {},
      nextMeeting: {},
      drivers: {},
      teams: {},
      seasonSchedule: { year: season },
      ergastSeason: { season },
      ergastRaceResults: { season, round: 1 },
    };
    for (const [name, params] of Object.entries(reads) as [EndpointName, Record<string, string | number>][]) {
      const url = endpointUrl(name, params as never);
      const overHttp = await t.app.inject({ method: 'GET', url });
      const reader = t.app.endpointReaders.get(name);
      const inProcess = await reader!({ params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), query: {}, headers: {} });
      expect(overHttp.statusCode, url).toBe(200);
      expect(JSON.parse(inProcess.json), url).toEqual(JSON.parse(overHttp.body));
      expect(inProcess.cacheControl, url).toBe(overHttp.headers['cache-control']);
    }
  });
});
