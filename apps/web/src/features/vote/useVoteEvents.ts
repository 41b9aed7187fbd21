import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { VOTE_RESULTS_UPDATED } from '@slipstream/contract';
import { openLiveEvents } from '../../lib/api';
import { VOTE } from './queries';

/**
 * While the page is open, refetches the vote's tallies whenever anyone votes (the server pushes
 * vote-results-updated on GET /api/live/events, from whichever instance stored the ballot); not while this
 * visitor's own ballot is on its way, since its answer refreshes everything when it settles. Used by the results
 * page: the ballot page keeps what it shows until the visitor acts (a tab left open on the ballot is told
 * "Already voted." when it submits). Without EventSource, the tallies refresh when the page is revisited.
 */
export function useVoteEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = openLiveEvents();
    source.addEventListener(VOTE_RESULTS_UPDATED, () => {
      if (queryClient.isMutating() === 0) void queryClient.invalidateQueries({ queryKey: VOTE });
    });
    return () => source.close();
  }, [queryClient]);
}
