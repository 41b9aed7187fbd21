import { queryOptions } from '@tanstack/react-query';
import { officialNewsResponse, raceFansNewsResponse } from '@slipstream/contract';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { cachedInSession } from '../../lib/sessionCache';
import { sessionKeys } from '../../lib/storage';

/** The spec keeps both news lists in session storage for 30 minutes. */
const NEWS_CACHE_MS = 30 * 60_000;

function newsListQuery<T>(source: string, key: string, schema: z.ZodType<T>, load: () => Promise<T>) {
  return queryOptions({
    queryKey: ['news', source],
    queryFn: () => cachedInSession({ key, maxAgeMs: NEWS_CACHE_MS, schema, load }),
    staleTime: NEWS_CACHE_MS,
  });
}

export const officialNewsQuery = newsListQuery('official', sessionKeys.officialNews, officialNewsResponse, api.getOfficialNews);
export const raceFansNewsQuery = newsListQuery('racefans', sessionKeys.raceFansNews, raceFansNewsResponse, api.getRaceFansNews);

/** How each feed's last reads went: asked only to explain an empty list. */
export const newsSourcesQuery = queryOptions({
  queryKey: ['news', 'sources'],
  queryFn: api.getNewsSources,
});
