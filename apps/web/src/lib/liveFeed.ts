import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveFeedStatus, TimetableEntry } from '@slipstream/contract';
import { api } from './api';
import { formatTime } from './time';

/**
 * The timetable says when a session should run; only F1's feed says it does. A session is called Live when both
 * agree: the timetable has it running and the server's feed is connected. Otherwise the page says so.
 */

export const liveFeedQuery = queryOptions({
  queryKey: ['live', 'feed'],
  queryFn: api.getLiveFeed,
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

/** "Live timing: connected to F1's feed since 17:02." and the like, in the visitor's zone. */
export function feedStatusText(status: LiveFeedStatus, timeZone?: string): string {
  const since = status.since ? ` since ${formatTime(status.since, { timeZone })}` : '';
  const session = status.session ? ` (${status.session})` : '';
  switch (status.state) {
    case 'connected':
      return `Live timing: connected to F1's feed${since}${session}.`;
    case 'connecting':
      return `Live timing: connecting to F1's feed${session}…`;
    case 'reconnecting':
      return `Live timing: the feed dropped; reconnecting${since}${session}. The tower may be behind.`;
    case 'unreachable':
      return `Live timing: F1's feed cannot be reached${since}${session}. No live data: sessions show by the timetable only.`;
    case 'idle':
      return 'Live timing: no session is on now; the feed opens half an hour before the next one.';
    case 'off':
      return 'Live timing: this server does not read F1’s live feed; sessions show by the timetable only.';
  }
}
