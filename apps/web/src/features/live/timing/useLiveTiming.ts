import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { applyDelta } from '@slipstream/contract/live-timing';
import type { LiveTimingEvent, LiveTimingSnapshot, Tower } from '@slipstream/contract';
import { api } from '../../../lib/api';

const liveTimingQuery = queryOptions({
  queryKey: ['live', 'timing'],
  queryFn: () => api('liveTiming'),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The live tower: loaded once, then kept current by the deltas of the event stream (give `onLiveTiming` to
 * useResultsStream). A delta that does not follow the tower held (one was missed) loads the tower again.
 */
export function useLiveTiming() {
  const queryClient = useQueryClient();
  const timing = useQuery(liveTimingQuery);
  const onLiveTiming = useCallback((data: string) => receive(queryClient, data), [queryClient]);
  return { timing, onLiveTiming };
}

function receive(queryClient: QueryClient, data: string) {
  let event: LiveTimingEvent;
  try {
    event = JSON.parse(data) as LiveTimingEvent;
  } catch {
    return;
  }
  const held = queryClient.getQueryData(liveTimingQuery.queryKey);
  if (event.kind === 'reset') {
    queryClient.setQueryData(liveTimingQuery.queryKey, { live: event.live, seq: event.seq, tower: event.tower, updatedAt: new Date().toISOString() });
    return;
  }
  if (!held || event.seq <= held.seq) return;
  if (event.seq !== held.seq + 1 || !held.tower) {
    void queryClient.invalidateQueries({ queryKey: liveTimingQuery.queryKey });
    return;
  }
  const next: LiveTimingSnapshot = { live: event.live, seq: event.seq, tower: applyDelta(held.tower, event.delta) as Tower, updatedAt: new Date().toISOString() };
  queryClient.setQueryData(liveTimingQuery.queryKey, next);
}
