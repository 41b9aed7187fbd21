import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsFeed } from '../../config';
import { newsItems, newsSources } from '../../db/schema';
import { feedFixture, startFeedServer } from '../../test/feedServer';
import { openNewsBench, type NewsBench } from '../../test/newsBench';
import { refreshFeed, refreshFeeds } from './refresh';

const limits = { timeoutMs: 2_000, maxBytes: 64 * 1024 };

describe('refreshFeed against a local feed server', () => {
  let bench: NewsBench;
  let feedCount = 0;

  /** Each test reads its own source at its own path, so tests do not see each other's items. */
  const newFeed = (): NewsFeed => {
    feedCount += 1;
    return { source: `feed-${feedCount}`, url: bench.server.url(`/feed-${feedCount}.xml`), everyMinutes: 30 };
  };
  const pathOf = (feed: NewsFeed) => new URL(feed.url).pathname;
  const itemsOf = (feed: NewsFeed) =>
    bench.database.db.select().from(newsItems).where(eq(newsItems.source, feed.source)).orderBy(asc(newsItems.externalKey));
  const stateOf = async (feed: NewsFeed) => (await bench.database.db.select().from(newsSources).where(eq(newsSources.name, feed.source)))[0];

  beforeAll(async () => {
    bench = await openNewsBench();
  });
  afterAll(() => bench.close());

  let feed: NewsFeed;
  beforeEach(() => {
    feed = newFeed();
  });

  it('stores the items of an RSS feed and records the success', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('racefans.rss.xml') });
    const result = await refreshFeed(bench.database.db, feed, limits);
    expect(result).toEqual({ source: feed.source, status: 'fetched', inserted: 2, updated: 0, unchanged: 0, skipped: 0, error: null });
    const [first, second] = await itemsOf(feed);
    expect(first).toMatchObject({
      externalKey: 'https://www.racefans.net/?p=100001',
      title: 'Why McLaren’s upgrade worked & what comes next',
      author: 'Keith Collantine',
      publishedAt: new Date('2025-07-06T18:30:00Z'),
      categories: ['Formula 1', 'McLaren'],
      link: 'https://www.racefans.net/2025/07/06/why-mclarens-upgrade-worked/',
      imageUrl: 'https://www.racefans.net/wp-content/uploads/2025/07/mclaren.jpg',
      editedAt: null,
      removedAt: null,
    });
    expect(second?.title).toBe('2025 British Grand Prix weather forecast');
    const state = await stateOf(feed);
    expect(state).toMatchObject({ url: feed.url, lastFailureAt: null, lastError: null, consecutiveFailures: 0 });
    expect(state?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('stores the entries of an Atom feed', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('news.atom.xml'), contentType: 'application/atom+xml' });
    expect(await refreshFeed(bench.database.db, feed, limits)).toMatchObject({ status: 'fetched', inserted: 2 });
    expect((await itemsOf(feed)).map((item) => [item.title, item.author, item.link])).toEqual([
      ['Quali shock for the champion', 'Ann Writer', bench.server.url('/2025/quali-shock')],
      ['Paddock round-up', 'Paddock desk', 'https://paddock.example.org/2025/round-up'],
    ]);
  });

  it('stores "Unknown" for a missing author and no date for a missing one; skips what has no title or safe link', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('missing-fields.rss.xml') });
    expect(await refreshFeed(bench.database.db, feed, limits)).toMatchObject({ status: 'fetched', inserted: 3, skipped: 3 });
    const items = await itemsOf(feed);
    expect(items.map((item) => item.author)).toEqual(['Unknown', 'Unknown', 'Unknown']);
    expect(items.map((item) => item.publishedAt)).toEqual([null, null, null]);
    expect(items.every((item) => item.link.startsWith('http'))).toBe(true);
  });

  it('changes nothing when the same feed is read twice', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('official.rss.xml') });
    expect(await refreshFeed(bench.database.db, feed, limits)).toMatchObject({ inserted: 8 });
    const before = await itemsOf(feed);
    expect(await refreshFeed(bench.database.db, feed, limits)).toEqual({
      source: feed.source,
      status: 'fetched',
      inserted: 0,
      updated: 0,
      unchanged: 8,
      skipped: 0,
      error: null,
    });
    expect(await itemsOf(feed)).toEqual(before);
  });

  it('refreshes an item the feed changed, and only that one', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('official.rss.xml') });
    await refreshFeed(bench.database.db, feed, limits);
    const corrected = feedFixture('official.rss.xml').replace('Norris leads Friday practice', 'Norris leads both Friday sessions');
    bench.server.serve(pathOf(feed), { body: corrected });
    expect(await refreshFeed(bench.database.db, feed, limits)).toMatchObject({ inserted: 0, updated: 1, unchanged: 7 });
    const titles = (await itemsOf(feed)).map((item) => item.title);
    expect(titles).toContain('Norris leads both Friday sessions');
    expect(titles).not.toContain('Norris leads Friday practice');
  });

  it('keeps one row per guid: the unique constraint holds against a direct second insert', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('official.rss.xml') });
    await refreshFeed(bench.database.db, feed, limits);
    const [item] = await itemsOf(feed);
    if (!item) throw new Error('no item stored');
    const { id: _id, ...copy } = item;
    await expect(bench.database.db.insert(newsItems).values(copy)).rejects.toThrow();
  });

  it('stores titles, authors, descriptions and categories as plain text, without scripts or unsafe images', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('injection.rss.xml') });
    await refreshFeed(bench.database.db, feed, limits);
    const [item] = await itemsOf(feed);
    expect(item).toMatchObject({ title: 'Safe bold title', author: 'Eve', description: 'Hello world', categories: ['Tech'], imageUrl: null });
    const stored = JSON.stringify(item);
    expect(stored).not.toMatch(/<|alert|javascript:|onerror|evil/);
  });

  it('records malformed XML as a failure, stores nothing of it and keeps the items it had', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('racefans.rss.xml') });
    await refreshFeed(bench.database.db, feed, limits);
    const before = await itemsOf(feed);
    const succeededAt = (await stateOf(feed))?.lastSuccessAt;

    bench.server.serve(pathOf(feed), { body: feedFixture('malformed.rss.xml') });
    const result = await refreshFeed(bench.database.db, feed, limits);
    expect(result).toMatchObject({ status: 'failed', inserted: 0, updated: 0 });
    expect(result.error).toMatch(/^malformed XML: /);
    expect(await itemsOf(feed)).toEqual(before);
    const state = await stateOf(feed);
    expect(state).toMatchObject({ lastSuccessAt: succeededAt, lastError: result.error, consecutiveFailures: 1 });
    expect(state?.lastFailureAt).toBeInstanceOf(Date);
  });

  it('refuses a feed larger than the cap when it says so in Content-Length', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('official.rss.xml') });
    const result = await refreshFeed(bench.database.db, feed, { ...limits, maxBytes: 2_000 });
    expect(result).toMatchObject({ status: 'failed', error: 'feed larger than 2000 bytes: refused' });
    expect(await itemsOf(feed)).toEqual([]);
  });

  it('refuses a feed larger than the cap while reading it when it does not say its size', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('official.rss.xml'), chunked: true });
    const result = await refreshFeed(bench.database.db, feed, { ...limits, maxBytes: 2_000 });
    expect(result).toMatchObject({ status: 'failed', error: 'feed larger than 2000 bytes: refused' });
    expect(await itemsOf(feed)).toEqual([]);
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    bench.server.serve(pathOf(feed), { hang: true });
    const result = await refreshFeed(bench.database.db, feed, { ...limits, timeoutMs: 300 });
    expect(result).toMatchObject({ status: 'failed', error: 'timed out after 300 ms' });
    expect((await stateOf(feed))?.lastError).toBe('timed out after 300 ms');
  });

  it('records an HTTP error status with its reason', async () => {
    bench.server.serve(pathOf(feed), { status: 503 });
    expect(await refreshFeed(bench.database.db, feed, limits)).toMatchObject({ status: 'failed', error: 'HTTP 503 Service Unavailable' });
  });

  it('records a server that cannot be reached, counting failures in a row until a success', async () => {
    const closed = await startFeedServer();
    const unreachable = { ...feed, url: closed.url('/feed.xml') };
    await closed.close();
    const first = await refreshFeed(bench.database.db, unreachable, limits);
    expect(first.status).toBe('failed');
    expect(first.error).toMatch(/^network error: .*ECONNREFUSED/);
    await refreshFeed(bench.database.db, unreachable, limits);
    expect((await stateOf(feed))?.consecutiveFailures).toBe(2);

    bench.server.serve(pathOf(feed), { body: feedFixture('racefans.rss.xml') });
    await refreshFeed(bench.database.db, feed, limits);
    const state = await stateOf(feed);
    expect(state).toMatchObject({ consecutiveFailures: 0, lastError: first.error });
  });

  it('sends the validators of the last document and honours 304 Not Modified', async () => {
    const validators = { etag: '"v1"', lastModified: 'Sat, 05 Jul 2025 10:00:00 GMT' };
    bench.server.serve(pathOf(feed), { body: feedFixture('racefans.rss.xml'), ...validators });
    await refreshFeed(bench.database.db, feed, limits);
    expect(bench.server.requests(pathOf(feed))[0]).not.toHaveProperty('if-none-match');
    expect(await stateOf(feed)).toMatchObject({ etag: '"v1"', lastModified: validators.lastModified });
    const before = await itemsOf(feed);
    const firstSuccess = (await stateOf(feed))?.lastSuccessAt;

    const result = await refreshFeed(bench.database.db, feed, limits);
    expect(result).toEqual({ source: feed.source, status: 'not-modified', inserted: 0, updated: 0, unchanged: 0, skipped: 0, error: null });
    expect(bench.server.requests(pathOf(feed))[1]).toMatchObject({ 'if-none-match': '"v1"', 'if-modified-since': validators.lastModified });
    expect(await itemsOf(feed)).toEqual(before);
    const state = await stateOf(feed);
    expect(state).toMatchObject({ etag: '"v1"', lastModified: validators.lastModified });
    expect(state?.lastSuccessAt?.getTime()).toBeGreaterThanOrEqual(firstSuccess?.getTime() ?? Infinity);
  });

  it('honours Last-Modified alone when the server sends no ETag', async () => {
    const lastModified = 'Sat, 05 Jul 2025 10:00:00 GMT';
    bench.server.serve(pathOf(feed), { body: feedFixture('racefans.rss.xml'), lastModified });
    await refreshFeed(bench.database.db, feed, limits);
    expect(await refreshFeed(bench.database.db, feed, limits)).toMatchObject({ status: 'not-modified' });
    expect(bench.server.requests(pathOf(feed))[1]).toMatchObject({ 'if-modified-since': lastModified });
    expect(bench.server.requests(pathOf(feed))[1]).not.toHaveProperty('if-none-match');
  });

  it('does not send the validators of another URL after the feed moved', async () => {
    bench.server.serve(pathOf(feed), { body: feedFixture('racefans.rss.xml'), etag: '"old"' });
    await refreshFeed(bench.database.db, feed, limits);
    const moved = { ...feed, url: bench.server.url(`/moved-${feed.source}.xml`) };
    bench.server.serve(pathOf(moved), { body: feedFixture('racefans.rss.xml'), etag: '"old"' });
    expect(await refreshFeed(bench.database.db, moved, limits)).toMatchObject({ status: 'fetched', unchanged: 2 });
    expect(bench.server.requests(pathOf(moved))[0]).not.toHaveProperty('if-none-match');
    expect((await stateOf(feed))?.url).toBe(moved.url);
  });

  it('reads several feeds, one failing without stopping the others', async () => {
    const other = newFeed();
    bench.server.serve(pathOf(feed), { body: feedFixture('racefans.rss.xml') });
    bench.server.serve(pathOf(other), { status: 404 });
    const results = await refreshFeeds(bench.database.db, [feed, other], limits);
    expect(results.map((result) => [result.source, result.status])).toEqual([
      [feed.source, 'fetched'],
      [other.source, 'failed'],
    ]);
  });
});
