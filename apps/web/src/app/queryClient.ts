import { QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/**
 * docs/product.md (Calls and failures) shows no message when background loads fail (news, meetings, previews...): they are only
 * logged, and each screen hides what it could not load. This cache is the one place that logs them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(`Could not load ${JSON.stringify(query.queryKey)}:`, error.message),
    }),
    defaultOptions: QUERY_DEFAULTS,
  });
}

export const QUERY_DEFAULTS: DefaultOptions = {
  queries: {
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // A 4xx will answer the same again; a network or server failure may pass.
    retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  },
};
