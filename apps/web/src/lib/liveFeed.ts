import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimetableEntry } from '@slipstream/contract';
import { api } from './api';

/**
 * The timetable says when a session should run; only F1's feed says it does. A session is called Live when both
 * agree: the timetable has it running and the server's feed is connected. Otherwise the page says so.
 */

export const liveFeedQuery = queryOptions({
  queryKey: ['live', 'feed'],
  queryFn: () => api('liveFeed'),
  staleTime: 15_000,
  refetchInterval: 30_000,
});

export const UNCONFIRMED_LIVE = 'Scheduled now, no live data';
export const RESULTS_NOT_IN = 'Finished, results not in yet';

/** Whether the feed confirms a session the timetable has running; asked only while one is (`running`). */
export function useLiveConfirmed(running: boolean): boolean {
  const feed = useQuery({ ...liveFeedQuery, enabled: running });
  return running && feed.data?.state === 'connected';
}

/** The word for a finished session: Done once its results are stored (marked while provisional), else not in yet. */
export function finishedWord(results: TimetableEntry['results']): string {
  if (results === 'provisional') return 'Done, provisional';
  return results === 'official' ? 'Done' : RESULTS_NOT_IN;
}
