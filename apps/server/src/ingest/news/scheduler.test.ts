import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewsRefreshResult } from '@slipstream/contract';
import { findSource, recordFailure } from './store';
import { feedFixture } from '../../test/feedServer';
import { openNewsBench, type NewsBench } from '../../test/newsBench';
import { minutesBeforeNextAttempt, msUntilDue, startNewsScheduler } from './scheduler';

describe('minutesBeforeNextAttempt', () => {
  it('waits the feed interval after a success', () => {
    expect(minutesBeforeNextAttempt(30, 0)).toBe(30);
  });

  it('doubles the wait for each failure in a row, up to six hours', () => {
    expect([1, 2, 3, 4, 5, 60].map((failures) => minutesBeforeNextAttempt(30, failures))).toEqual([60, 120, 240, 360, 360, 360]);
  });

  it('never waits less than the feed interval, even one slower than the cap', () => {
    expect(minutesBeforeNextAttempt(1440, 3)).toBe(1440);
  });
});

describe('msUntilDue', () => {
  const now = Date.parse('2025-07-05T12:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);

  it('is due at once when never tried', () => {
    expect(msUntilDue(30, undefined, now)).toBe(0);
    expect(msUntilDue(30, { lastAttemptAt: null, consecutiveFailures: 0 }, now)).toBe(0);
  });

  it('waits out the rest of the interval after a recent read, so a restart does not refetch', () => {
    expect(msUntilDue(30, { lastAttemptAt: minutesAgo(10), consecutiveFailures: 0 }, now)).toBe(20 * 60_000);
  });

  it('waits out the backoff after recent failures', () => {
    expect(msUntilDue(30, { lastAttemptAt: minutesAgo(10), consecutiveFailures: 2 }, now)).toBe(110 * 60_000);
  });

  it('is due at once when overdue', () => {
    expect(msUntilDue(30, { lastAttemptAt: minutesAgo(300), consecutiveFailures: 1 }, now)).toBe(0);
  });
});

describe('startNewsScheduler', () => {
  let bench: NewsBench;
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const limits = { timeoutMs: 5_000, maxBytes: 64 * 1024 };

  beforeAll(async () => {
    bench = await openNewsBench();
  });
  afterAll(() => bench.close());

  it('reads a feed never read before as soon as it starts, and logs a failing one', async () => {
    bench.server.serve('/good.xml', { body: feedFixture('racefans.rss.xml') });
    bench.server.serve('/gone.xml', { status: 410 });
    const feeds = [
      { source: 'good', url: bench.server.url('/good.xml'), everyMinutes: 30 },
      { source: 'gone', url: bench.server.url('/gone.xml'), everyMinutes: 30 },
    ];
    const results: NewsRefreshResult[] = [];
    let bothRead: () => void = () => {};
    const done = new Promise<void>((resolve) => (bothRead = resolve));
    const scheduler = startNewsScheduler({
      db: bench.database.db,
      feeds,
      limits,
      log,
      onRefreshed(result) {
        results.push(result);
        if (results.length === 2) bothRead();
      },
    });
    await done;
    await scheduler.stop();
    expect(results.map((result) => [result.source, result.status, result.inserted]).sort()).toEqual([
      ['gone', 'failed', 0],
      ['good', 'fetched', 2],
    ]);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'gone', reason: 'HTTP 410 Gone' }),
      expect.stringContaining('could not be read'),
    );
  });

  it('reads a feed moved to another URL at once, without waiting out the old URL’s backoff', async () => {
    const source = { name: 'moved', url: bench.server.url('/old-home.xml') };
    for (let failures = 0; failures < 3; failures += 1) await recordFailure(bench.database.db, source, new Date(), 'HTTP 410 Gone');
    bench.server.serve('/new-home.xml', { body: feedFixture('racefans.rss.xml') });
    let read: (result: NewsRefreshResult) => void = () => {};
    const refreshed = new Promise<NewsRefreshResult>((resolve) => (read = resolve));
    const scheduler = startNewsScheduler({
      db: bench.database.db,
      feeds: [{ source: 'moved', url: bench.server.url('/new-home.xml'), everyMinutes: 30 }],
      limits,
      log,
      onRefreshed: read,
    });
    const result = await refreshed;
    await scheduler.stop();
    expect(result).toMatchObject({ source: 'moved', status: 'fetched', inserted: 2 });
    expect(await findSource(bench.database.db, 'moved')).toMatchObject({ url: bench.server.url('/new-home.xml'), consecutiveFailures: 0 });
  });

  it('records the URL a failed read was made at', async () => {
    await recordFailure(bench.database.db, { name: 'renamed', url: bench.server.url('/first.xml') }, new Date(), 'HTTP 404 Not Found');
    await recordFailure(bench.database.db, { name: 'renamed', url: bench.server.url('/second.xml') }, new Date(), 'HTTP 404 Not Found');
    expect(await findSource(bench.database.db, 'renamed')).toMatchObject({ url: bench.server.url('/second.xml'), consecutiveFailures: 2 });
  });

  it('stops a fetch under way without recording the shutdown as the feed failing', async () => {
    bench.server.serve('/slow.xml', { hang: true });
    const arrived = bench.server.nextRequest('/slow.xml');
    const onRefreshed = vi.fn();
    const scheduler = startNewsScheduler({
      db: bench.database.db,
      feeds: [{ source: 'slow', url: bench.server.url('/slow.xml'), everyMinutes: 30 }],
      limits,
      log,
      onRefreshed,
    });
    await arrived;
    await scheduler.stop();
    expect(onRefreshed).not.toHaveBeenCalled();
    expect(await findSource(bench.database.db, 'slow')).toBeUndefined();
  });
});
