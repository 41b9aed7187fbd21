import type { NewsRefreshResult } from '@slipstream/contract';
import type { NewsFeed } from '../../config';
import type { Db } from '../../db/client';
import { findSource, recordFailure, recordSuccess, storeFeedEntries } from './store';
import { fetchFeedDocument, FeedFetchError, type FetchLimits } from './fetch';
import { FeedParseError, parseFeedDocument } from './parse';

/**
 * Reads one feed now and stores what is new. A feed that cannot be fetched or parsed changes no item:
 * the failure and its reason are recorded on the source, and what we had stays.
 */
export async function refreshFeed(db: Db, feed: NewsFeed, limits: FetchLimits): Promise<NewsRefreshResult> {
  const source = { name: feed.source, url: feed.url };
  const result: NewsRefreshResult = { source: feed.source, status: 'failed', inserted: 0, updated: 0, unchanged: 0, skipped: 0, error: null };
  const state = await findSource(db, feed.source);
  // Validators belong to the URL they came from; a feed moved to another URL is read afresh.
  const validators = state?.url === feed.url ? state : { etag: null, lastModified: null };
  try {
    const document = await fetchFeedDocument(feed.url, validators, limits);
    if (document.status === 'not-modified') {
      await recordSuccess(db, source, new Date());
      return { ...result, status: 'not-modified' };
    }
    const { entries, skipped } = parseFeedDocument(document.body, feed.url);
    const stored = await db.transaction(async (tx) => {
      const counts = await storeFeedEntries(tx, feed.source, entries);
      await recordSuccess(tx, source, new Date(), document.validators);
      return counts;
    });
    return { ...result, status: 'fetched', ...stored, unchanged: entries.length - stored.inserted - stored.updated, skipped };
  } catch (error) {
    if (!(error instanceof FeedFetchError || error instanceof FeedParseError)) throw error;
    await recordFailure(db, source, new Date(), error.message);
    return { ...result, error: error.message };
  }
}

/** Every feed, side by side; one feed's failure does not stop the others. */
export async function refreshFeeds(db: Db, feeds: NewsFeed[], limits: FetchLimits): Promise<NewsRefreshResult[]> {
  return Promise.all(feeds.map((feed) => refreshFeed(db, feed, limits)));
}
