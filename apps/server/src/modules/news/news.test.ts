import type { preHandlerAsyncHookHandler } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newsItem,
  newsListResponse,
  newsRefreshResponse,
  newsSourcesResponse,
  officialNewsResponse,
  raceFansNewsResponse,
  type NewsItem,
} from '@slipstream/contract';
import { HttpError } from '../../lib/errors';
import { buildTestApp, type TestApp } from '../../test/app';
import { feedFixture, startFeedServer, type FeedServer } from '../../test/feedServer';

/** Stands in for requireAdmin (built elsewhere): a request is an admin's when it carries this header. */
const ADMIN_HEADER = { 'x-test-admin': 'yes' };
const testAdminGuard: preHandlerAsyncHookHandler = async (request) => {
  if (request.headers['x-test-admin'] !== 'yes') throw new HttpError(403, 'You are not the admin');
};

describe('news API', () => {
  let server: FeedServer;
  let t: TestApp;
  let deadUrl: string;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const refresh = async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/news/refresh', headers: ADMIN_HEADER });
    expect(response.statusCode).toBe(200);
    return newsRefreshResponse.parse(response.json());
  };
  const admin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: ADMIN_HEADER });

  beforeAll(async () => {
    server = await startFeedServer();
    const closed = await startFeedServer();
    deadUrl = closed.url('/feed.xml');
    await closed.close();
    t = await buildTestApp({
      adminGuard: testAdminGuard,
      config: {
        newsFeeds: [
          { source: 'formula1', url: server.url('/f1.xml'), everyMinutes: 30 },
          { source: 'racefans', url: server.url('/racefans.xml'), everyMinutes: 30 },
          { source: 'offline', url: deadUrl, everyMinutes: 30 },
        ],
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  describe('before any feed was read', () => {
    it('lists no news rather than inventing any', async () => {
      expect((await get('/api/news/official')).json()).toEqual({ items: [] });
      expect((await get('/api/stiri-rf')).json()).toEqual([]);
      expect((await get('/api/news')).json()).toEqual({ items: [] });
    });

    it('lists the configured sources, none read yet', async () => {
      const response = await get('/api/news/sources');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        sources: [
          { name: 'formula1', url: server.url('/f1.xml'), everyMinutes: 30, lastSuccessAt: null, lastFailureAt: null, lastError: null, itemCount: 0 },
          { name: 'racefans', url: server.url('/racefans.xml'), everyMinutes: 30, lastSuccessAt: null, lastFailureAt: null, lastError: null, itemCount: 0 },
          { name: 'offline', url: deadUrl, everyMinutes: 30, lastSuccessAt: null, lastFailureAt: null, lastError: null, itemCount: 0 },
        ],
      });
    });
  });

  describe('after an ingestion', () => {
    beforeAll(async () => {
      server.serve('/f1.xml', { body: feedFixture('official.rss.xml') });
      server.serve('/racefans.xml', { body: feedFixture('racefans.rss.xml') });
      // Read once before: the answers cached then must not survive the ingestion.
      await get('/api/news/official');
      const { sources } = await refresh();
      expect(sources.map((source) => [source.source, source.status, source.inserted])).toEqual([
        ['formula1', 'fetched', 8],
        ['racefans', 'fetched', 2],
        ['offline', 'failed', 0],
      ]);
    });

    it('serves the official news in the shape docs/product.md (Home) describes: 6 items, newest first', async () => {
      const response = await get('/api/news/official');
      expect(response.statusCode).toBe(200);
      const { items } = officialNewsResponse.parse(response.json());
      expect(items.map((item) => item.title)).toEqual([
        'Verstappen takes pole at Silverstone',
        'Norris leads Friday practice',
        "Hamilton: 'We have work to do'",
        'Piastri extends championship lead',
        'Ferrari bring new floor to Britain',
        'Alonso signs contract extension',
      ]);
      expect(items[0]).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        slug: 'story-1',
        title: 'Verstappen takes pole at Silverstone',
        thumbnail: { image: { path: 'https://media.formula1.com/image/story-1.jpg' } },
        link: 'https://www.formula1.com/en/latest/article/story-1.AbC1xyz',
        publishedAt: '2025-07-08T10:00:00.000Z',
      });
    });

    it('takes a smaller limit for the official news, never more than 6', async () => {
      expect((await get('/api/news/official?limit=2')).json().items).toHaveLength(2);
      const tooMany = await get('/api/news/official?limit=7');
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toMatch(/^Invalid limit/);
    });

    it('serves the RaceFans news in the shape docs/product.md (Home) describes, newest first', async () => {
      const response = await get('/api/stiri-rf');
      expect(response.statusCode).toBe(200);
      const items = raceFansNewsResponse.parse(response.json());
      expect(items).toEqual([
        {
          _id: expect.any(String),
          titlu: 'Why McLaren’s upgrade worked & what comes next',
          autor: 'Keith Collantine',
          dataPublicare: '2025-07-06T18:30:00.000Z',
          descriere: "McLaren’s new floor was worth two tenths. The post Why McLaren's upgrade worked appeared first on RaceFans.",
          categorii: ['Formula 1', 'McLaren'],
          linkPost: 'https://www.racefans.net/2025/07/06/why-mclarens-upgrade-worked/',
        },
        expect.objectContaining({ titlu: '2025 British Grand Prix weather forecast', autor: 'Will Wood' }),
      ]);
    });

    it('lists any source in plain English, and refuses one that is not configured', async () => {
      const response = await get('/api/news?source=racefans&limit=1');
      const { items } = newsListResponse.parse(response.json());
      expect(items).toEqual([
        expect.objectContaining({ source: 'racefans', title: 'Why McLaren’s upgrade worked & what comes next', editedAt: null }),
      ]);
      expect((await get('/api/news')).json().items).toHaveLength(10);
      const unknown = await get('/api/news?source=nobody');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Invalid source: nobody is not a configured news source (configured: formula1, racefans, offline)');
    });

    it('says when each source last succeeded and last failed, and why', async () => {
      const { sources } = newsSourcesResponse.parse((await get('/api/news/sources')).json());
      const [f1, racefans, offline] = sources;
      expect(f1).toMatchObject({ name: 'formula1', lastFailureAt: null, lastError: null, itemCount: 8 });
      expect(Date.parse(f1?.lastSuccessAt ?? '')).not.toBeNaN();
      expect(racefans).toMatchObject({ itemCount: 2 });
      expect(offline).toMatchObject({ name: 'offline', lastSuccessAt: null, itemCount: 0 });
      expect(offline?.lastError).toMatch(/^network error: .*ECONNREFUSED/);
      expect(Date.parse(offline?.lastFailureAt ?? '')).not.toBeNaN();
    });

    it('keeps what it has when a feed breaks, and reports it', async () => {
      server.serve('/racefans.xml', { body: feedFixture('malformed.rss.xml') });
      const { sources } = await refresh();
      expect(sources[1]).toMatchObject({ source: 'racefans', status: 'failed' });
      expect((await get('/api/stiri-rf')).json()).toHaveLength(2);
      const racefans = (await get('/api/news/sources')).json().sources[1];
      expect(racefans).toMatchObject({ itemCount: 2, lastError: expect.stringMatching(/^malformed XML/) });
      server.serve('/racefans.xml', { body: feedFixture('racefans.rss.xml') });
    });

    it('answers with an ETag and a 304 when the client has the same list', async () => {
      const first = await get('/api/news/official');
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const again = await get('/api/news/official', { 'if-none-match': String(etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('refuses a bad limit with a message naming it', async () => {
      const response = await get('/api/stiri-rf?limit=lots');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid limit: a whole number from 1 to 100');
    });
  });

  describe('admin endpoints', () => {
    const valid = {
      source: 'racefans',
      title: 'Hand-written: <b>paddock</b> notes',
      link: 'https://www.racefans.net/2025/07/07/paddock-notes/',
      description: '<p>Notes from the paddock.</p><script>alert(1)</script>',
      categories: ['Notes'],
      publishedAt: '2025-07-09T08:00:00Z',
    };
    let created: NewsItem;

    it('refuse a request the guard refuses', async () => {
      const attempts = [
        t.app.inject({ method: 'POST', url: '/api/admin/news', payload: valid }),
        t.app.inject({ method: 'PATCH', url: '/api/admin/news/6f1c4f2e-8a53-4ad4-9d3f-3a1f2b0c9d10', payload: { title: 'x' } }),
        t.app.inject({ method: 'DELETE', url: '/api/admin/news/6f1c4f2e-8a53-4ad4-9d3f-3a1f2b0c9d10' }),
        t.app.inject({ method: 'POST', url: '/api/admin/news/refresh' }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'You are not the admin' });
      }
    });

    it('add an item by hand, stored as plain text, "Unknown" author by default, shown in its list at once', async () => {
      await get('/api/stiri-rf');
      const response = await admin('POST', '/api/admin/news', valid);
      expect(response.statusCode).toBe(201);
      created = newsItem.parse(response.json());
      expect(created).toMatchObject({
        source: 'racefans',
        title: 'Hand-written: paddock notes',
        author: 'Unknown',
        description: 'Notes from the paddock.',
        categories: ['Notes'],
        link: valid.link,
        imageUrl: null,
        publishedAt: '2025-07-09T08:00:00.000Z',
      });
      expect(created.editedAt).not.toBeNull();
      const [newest] = (await get('/api/stiri-rf')).json();
      expect(newest).toMatchObject({ _id: created.id, titlu: 'Hand-written: paddock notes', autor: 'Unknown' });
    });

    it('refuse bad input with a 400 naming the field', async () => {
      const cases: Array<[object, RegExp]> = [
        [{ ...valid, link: 'javascript:alert(1)' }, /^Invalid link: /],
        [{ ...valid, imageUrl: 'data:image/png;base64,AAAA' }, /^Invalid imageUrl: /],
        [{ ...valid, title: '' }, /^Invalid title: /],
        [{ ...valid, title: '<script>alert(1)</script>' }, /^Invalid title: no text is left/],
        [{ ...valid, publishedAt: 'yesterday' }, /^Invalid publishedAt: /],
        [{ ...valid, categories: 'Notes' }, /^Invalid categories: /],
        [{ ...valid, source: 'nobody' }, /^Invalid source: nobody is not a configured news source/],
        [{ ...valid, extra: 1 }, /^Invalid request: .*extra/],
        [{ title: 'no source, no link' }, /^Invalid (source|link): /],
      ];
      for (const [payload, message] of cases) {
        const response = await admin('POST', '/api/admin/news', payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toMatch(message);
      }
    });

    it('edit an item: only the fields sent change', async () => {
      const response = await admin('PATCH', `/api/admin/news/${created.id}`, { author: 'Desk', categories: ['Notes', 'Paddock'] });
      expect(response.statusCode).toBe(200);
      expect(newsItem.parse(response.json())).toMatchObject({ id: created.id, title: created.title, author: 'Desk', categories: ['Notes', 'Paddock'] });
      const [newest] = (await get('/api/stiri-rf')).json();
      expect(newest).toMatchObject({ autor: 'Desk', categorii: ['Notes', 'Paddock'] });
    });

    it('refuse an empty edit, a bad id and an unknown id', async () => {
      const empty = await admin('PATCH', `/api/admin/news/${created.id}`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Invalid request: send at least one field to change');
      const badId = await admin('PATCH', '/api/admin/news/42', { title: 'x' });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toBe('Invalid id: a news item id');
      const unknown = await admin('PATCH', '/api/admin/news/6f1c4f2e-8a53-4ad4-9d3f-3a1f2b0c9d10', { title: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'No news item 6f1c4f2e-8a53-4ad4-9d3f-3a1f2b0c9d10' });
    });

    it('keep an edit of a feed item when the feed is read again', async () => {
      const feedItem = (await get('/api/news?source=formula1&limit=1')).json().items[0] as NewsItem;
      const edited = await admin('PATCH', `/api/admin/news/${feedItem.id}`, { title: 'Verstappen on pole (edited)' });
      expect(edited.statusCode).toBe(200);
      await refresh();
      expect((await get('/api/news/official?limit=1')).json().items[0]).toMatchObject({ id: feedItem.id, title: 'Verstappen on pole (edited)' });
    });

    it('remove an item for good: gone from the lists, not brought back by the feed, 404 after', async () => {
      const feedItem = (await get('/api/news?source=formula1&limit=1')).json().items[0] as NewsItem;
      const removed = await admin('DELETE', `/api/admin/news/${feedItem.id}`);
      expect(removed.statusCode).toBe(204);
      await refresh();
      const ids = (await get('/api/news?source=formula1&limit=100')).json().items.map((item: NewsItem) => item.id);
      expect(ids).not.toContain(feedItem.id);
      expect(ids).toHaveLength(7);
      expect((await admin('DELETE', `/api/admin/news/${feedItem.id}`)).statusCode).toBe(404);
      expect((await admin('PATCH', `/api/admin/news/${feedItem.id}`, { title: 'x' })).statusCode).toBe(404);
    });
  });
});
