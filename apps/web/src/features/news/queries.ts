import { queryOptions } from '@tanstack/react-query';
import { officialNewsResponse, raceFansNewsResponse } from '@slipstream/contract';
import { api } from '../../lib/api';
import { cachedInSession } from '../../lib/sessionCache';
import { sessionKeys } from '../../lib/storage';

/** The spec keeps both news lists in session storage for 30 minutes. */
export const NEWS_CACHE_MS = 30 * 60_000;

export const officialNewsQuery = queryOptions({
  queryKey: ['news', 'official'],
  queryFn: () =>
    cachedInSession({ key: sessionKeys.officialNews, maxAgeMs: NEWS_CACHE_MS, schema: officialNewsResponse, load: api.getOfficialNews }),
  staleTime: NEWS_CACHE_MS,
});

export const raceFansNewsQuery = queryOptions({
  queryKey: ['news', 'racefans'],
  queryFn: () =>
    cachedInSession({ key: sessionKeys.raceFansNews, maxAgeMs: NEWS_CACHE_MS, schema: raceFansNewsResponse, load: api.getRaceFansNews }),
  staleTime: NEWS_CACHE_MS,
});

/** How each feed's last reads went: asked only to explain an empty list. */
export const newsSourcesQuery = queryOptions({
  queryKey: ['news', 'sources'],
  queryFn: api.getNewsSources,
});
