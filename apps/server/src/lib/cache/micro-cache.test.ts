import http from 'node:http';
import type { AddressInfo } from 'node:net';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/app';
import { SEED, openSeededDatabase } from '../../test/f1-seed';
import { inProcessEventBus } from '../events';
import { MICRO_CACHE_KEEP_MS, microCache, microCachedServer, microCachePlugin, type MicroCache } from './micro-cache';
import { sendPreparedJson } from './prepared';
import { dataRevision } from './revision';

type Answer = { status: number; headers: string[]; body: Buffer };

/** A GET over a real socket (inject() goes round the micro-cache): the headers as sent, in order, without Date. */
function get(app: FastifyInstance, path: string, headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const sent = response.rawHeaders.flatMap((value, index, all) => (index % 2 === 0 ? [[value, all[index + 1] ?? '']] : []));
          const withoutDate = sent.filter(([name]) => name?.toLowerCase() !== 'date').flat();
          resolve({ status: response.statusCode ?? 0, headers: withoutDate, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/** Whether the last request was answered by the micro-cache. */
function watchHits(cache: MicroCache) {
  const serve = vi.spyOn(cache, 'serve');
  return () => serve.mock.results.at(-1)?.value === true;
}

describe('the micro-cache in front of the whole app', () => {
  let database: Database;
  let t: TestApp;
  let cache: MicroCache;
  let wasHit: () => boolean;
  const events = inProcessEventBus();
  beforeAll(async () => {
    database = await openSeededDatabase();
    const revision = dataRevision({ commits: database.commits, events });
    cache = microCache({ revision });
    wasHit = watchHits(cache);
    t = await buildTestApp({ now: '2025-03-24T12:00:00Z', database, events, revision, microCache: cache, config: { testHooks: true } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });
  const origin = () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  const PUBLIC_READS = [
    '/api/get-next',
    '/api/teams',
    '/api/drivers?order=asc',
    '/api/seasons/2025/meetings',
    '/api/seasons/2025/meetings/chinese-grand-prix',
    `/api/season-results/homepage/2025/${SEED.china2025}_chinese-grand-prix`,
    '/api/flags/gb.svg',
    '/api/ergast/f1/2025.json?limit=100',
  ];
  const ENCODINGS = [{ 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip' }, {}, { 'accept-encoding': 'br', 'x-no-compression': '1' }];

  it.each(PUBLIC_READS)('answers %s again with the same status, headers and bytes', async (path) => {
    for (const headers of ENCODINGS) {
      cache.clear();
      const miss = await get(t.app, path, headers);
      expect(wasHit()).toBe(false);
      const hit = await get(t.app, path, headers);
      expect(wasHit()).toBe(true);
      expect(miss.status).toBe(200);
      expect(hit).toEqual(miss);
    }
  });

  it('answers a matching If-None-Match with the 304 the etag plugin sends', async () => {
    cache.clear();
    const { headers } = await get(t.app, '/api/teams', { 'accept-encoding': 'br' });
    const ifNoneMatch = headers[headers.findIndex((name) => name.toLowerCase() === 'etag') + 1] ?? '';
    const fromApp = await get(t.app, '/api/teams', { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
    expect(wasHit()).toBe(true);
    cache.clear();
    const fromPlugin = await get(t.app, '/api/teams', { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
    expect(wasHit()).toBe(false);
    expect(fromPlugin.status).toBe(304);
    expect(fromApp).toEqual(fromPlugin);
    const full = await get(t.app, '/api/teams', { 'accept-encoding': 'br' });
    expect(await get(t.app, '/api/teams', { 'accept-encoding': 'br', 'if-none-match': '"another"' })).toEqual(full);
    expect(wasHit()).toBe(true);
  });

  it('is dropped by a finished POST, a write and an event', async () => {
    const drops = [
      () => fetch(`${origin()}/api/nothing-here`, { method: 'POST' }),
      () => database.db.execute(sql`update drivers set name = name where id = 'max-verstappen'`),
      () => events.publish({ type: 'vote-results-updated', data: { raceId: 1, totalVotes: 1, at: '2025-03-24T12:00:00Z' } }),
    ];
    for (const drop of drops) {
      await get(t.app, '/api/teams');
      await get(t.app, '/api/teams');
      expect(wasHit()).toBe(true);
      await drop();
      await get(t.app, '/api/teams');
      expect(wasHit()).toBe(false);
    }
  });

  it('answers anew once the test clock moves', async () => {
    const before = await get(t.app, '/api/get-next');
    await get(t.app, '/api/get-next');
    expect(wasHit()).toBe(true);
    const moved = await fetch(`${origin()}/api/test/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: '2025-12-24T12:00:00Z' }),
    });
    expect(moved.status).toBe(200);
    const after = await get(t.app, '/api/get-next');
    expect(wasHit()).toBe(false);
    expect(after.body).not.toEqual(before.body);
  });

  it("never hands one client's X-Cache-Duration to another", async () => {
    cache.clear();
    const cacheControl = (answer: Answer) => answer.headers[answer.headers.findIndex((name) => name.toLowerCase() === 'cache-control') + 1];
    expect(cacheControl(await get(t.app, '/api/event-tracker', { 'x-cache-duration': '3600' }))).toBe('public, max-age=0, s-maxage=3600');
    expect(cacheControl(await get(t.app, '/api/event-tracker', { 'x-cache-duration': '3600' }))).toBe('public, max-age=0, s-maxage=3600');
    expect(wasHit()).toBe(false);
    expect(cacheControl(await get(t.app, '/api/event-tracker'))).toBe('public, max-age=0, s-maxage=60');
  });

  it('keeps one answer whatever Host or X-Forwarded-Host a client sends: the F1 answers name PUBLIC_URL', async () => {
    cache.clear();
    const asked = async (host: string) => {
      const answer = await get(t.app, '/api/ergast/f1/2025.json', { host, 'x-forwarded-host': `forwarded.${host}` });
      return { hit: wasHit(), url: (JSON.parse(answer.body.toString()) as { MRData: { url: string } }).MRData.url };
    };
    expect(await asked('one.example')).toEqual({ hit: false, url: `${t.config.publicUrl}/api/ergast/f1/2025.json` });
    expect(await asked('two.example')).toEqual({ hit: true, url: `${t.config.publicUrl}/api/ergast/f1/2025.json` });
  });

  it('never keeps a private answer, nor one asked with Authorization', async () => {
    await get(t.app, '/api/time');
    await get(t.app, '/api/time');
    expect(wasHit()).toBe(false);
    cache.clear();
    await get(t.app, '/api/teams', { authorization: 'Bearer nothing' });
    await get(t.app, '/api/teams');
    expect(wasHit()).toBe(false);
    await get(t.app, '/api/teams', { authorization: 'Bearer nothing' });
    expect(wasHit()).toBe(false);
  });
});

describe('the micro-cache on its own', () => {
  let now = 0;
  const revision = { current: 'read' };
  let gate = Promise.resolve();
  const cache = microCache({ revision, now: () => now });
  const wasHit = watchHits(cache);
  const server = Fastify({ serverFactory: microCachedServer(cache) });
  beforeAll(async () => {
    await server.register(helmet);
    await server.register(compress, { threshold: 1024 });
    await server.register(etag);
    await server.register(microCachePlugin, { cache });
    const publicly = { 'cache-control': 'public, max-age=60' };
    server.get('/public', (_request, reply) => sendPreparedJson(reply.headers(publicly), '{"ok":true}'));
    server.get('/gated', async (_request, reply) => {
      await gate;
      return sendPreparedJson(reply.headers(publicly), '{"gated":true}');
    });
    server.get('/written-meanwhile', (_request, reply) => {
      revision.current += ' written';
      return sendPreparedJson(reply.headers(publicly), '{"ok":true}');
    });
    server.get('/with-cookie', (_request, reply) => reply.headers({ ...publicly, 'set-cookie': 'visitor=1' }).send({ ok: true }));
    server.get('/no-store', (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
    server.get('/not-found', (_request, reply) => reply.status(404).headers(publicly).send({ ok: false }));
    await server.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => server.close());

  it('keeps an answer for its keep time, renewed by one request in its second half while the others get it', async () => {
    cache.clear();
    await get(server, '/gated');
    now += MICRO_CACHE_KEEP_MS / 2 - 1;
    await get(server, '/gated');
    expect(wasHit()).toBe(true);
    now += 1;
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const renewal = get(server, '/gated');
    await vi.waitFor(() => expect(wasHit()).toBe(false));
    await get(server, '/gated');
    expect(wasHit()).toBe(true);
    open();
    await renewal;
    // Renewed: kept for its keep time from the renewal, not a moment longer.
    now += MICRO_CACHE_KEEP_MS / 2 - 1;
    await get(server, '/gated');
    expect(wasHit()).toBe(true);
    now += MICRO_CACHE_KEEP_MS / 2 + 1;
    await get(server, '/gated');
    expect(wasHit()).toBe(false);
  });

  it('keeps neither Set-Cookie, no-store nor error answers', async () => {
    for (const path of ['/with-cookie', '/no-store', '/not-found']) {
      await get(server, path);
      await get(server, path);
      expect(wasHit()).toBe(false);
    }
  });

  it('does not keep an answer made while a write came', async () => {
    await get(server, '/written-meanwhile');
    await get(server, '/written-meanwhile');
    expect(wasHit()).toBe(false);
  });

  it('logs a hit at info, only when the logger lets info through', async () => {
    const info = vi.fn();
    await get(server, '/public');
    cache.logHitsTo({ level: 'warn', info } as unknown as FastifyBaseLogger);
    await get(server, '/public');
    expect(wasHit()).toBe(true);
    expect(info).not.toHaveBeenCalled();
    cache.logHitsTo({ level: 'info', info } as unknown as FastifyBaseLogger);
    await get(server, '/public');
    expect(info).toHaveBeenCalledWith({ req: { method: 'GET', url: '/public' }, res: { statusCode: 200 } }, 'request completed from the micro-cache');
  });

  it('lets HEAD through and serves nothing once closing', async () => {
    await get(server, '/public');
    const head = await new Promise<number>((resolve) => {
      const { port } = server.server.address() as AddressInfo;
      http.request({ host: '127.0.0.1', port, path: '/public', method: 'HEAD', agent: false }, (response) => resolve(response.statusCode ?? 0)).end();
    });
    expect(head).toBe(200);
    expect(wasHit()).toBe(false);
    cache.close();
    await get(server, '/public');
    expect(wasHit()).toBe(false);
  });
});
