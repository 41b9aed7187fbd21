import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { OFFICIAL_NEWS_LIMIT } from '@slipstream/contract';
import { api } from '../../lib/api';
import { cachedInSession } from '../../lib/sessionCache';
import { sessionKeys } from '../../lib/storage';

/** docs/product.md (Home) keeps both news lists in session storage for 30 minutes. */
const NEWS_CACHE_MS = 30 * 60_000;

function newsListQuery<T>(source: string, key: string, schema: () => Promise<z.ZodType<T>>, load: () => Promise<T>) {
  return queryOptions({
    queryKey: ['news', source],
    queryFn: () => cachedInSession({ key, maxAgeMs: NEWS_CACHE_MS, schema, load }),
    staleTime: NEWS_CACHE_MS,
  });
}

// The schemas come with the contract (and zod) only when a stored list is there to check.
const newsSchemas = () => import('@slipstream/contract/news');
export const officialNewsQuery = newsListQuery(
  'official',
  sessionKeys.officialNews,
  async () => (await newsSchemas()).officialNewsResponse,
  () => api('officialNews', { query: { limit: OFFICIAL_NEWS_LIMIT } }),
);
export const raceFansNewsQuery = newsListQuery(
  'racefans',
  sessionKeys.raceFansNews,
  async () => (await newsSchemas()).raceFansNewsResponse,
  () => api('raceFansNews'),
);

/** How each feed's last reads went: asked only to explain an empty list. */
export const newsSourcesQuery = queryOptions({
  queryKey: ['news', 'sources'],
  queryFn: () => api('newsSources'),
  // The server retries a feed it cannot reach: the sentence follows its latest attempt.
  refetchInterval: 60_000,
});
