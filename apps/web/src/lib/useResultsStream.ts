import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { readResultsUpdatedEvent, RESULTS_UPDATED, type ResultsUpdatedEvent } from '@slipstream/contract';
import { openLiveEvents } from './api';

/**
 * connecting: not yet open; open: pushes arrive; dropped: lost (the browser retries), so pages poll meanwhile;
 * unsupported: a browser without EventSource, which polls all along.
 */
export type StreamState = 'connecting' | 'open' | 'dropped' | 'unsupported';

const canStream = () => typeof EventSource !== 'undefined';
const unchanging = () => () => {};

/** The live timing tower's deltas, which only the live page follows. */
const LIVE_TIMING = 'live-timing';

/** Sent by the server when it cannot tell what a reconnecting page missed. */
const RESYNC = 'resync';

/**
 * Listens to the server's pushes of stored results (GET /api/live/events) for as long as the page is open, and
 * refetches every query on screen when results were stored, or when the stream comes back after a drop. Every page
 * that shows results calls it, so a provisional classification from live timing, or F1DB confirming it, shows at once.
 */
export function useResultsStream(options: { onLiveTiming?: (data: string) => void } = {}): { state: StreamState; lastUpdate: ResultsUpdatedEvent | null } {
  const queryClient = useQueryClient();
  const onLiveTiming = useRef(options.onLiveTiming);
  useEffect(() => {
    onLiveTiming.current = options.onLiveTiming;
  });
  // The server has no EventSource but renders a page as a browser that has one shows it at first, 'connecting', so
  // the browser takes the page over as it was rendered.
  const streams = useSyncExternalStore(unchanging, canStream, () => true);
  const [state, setState] = useState<StreamState>('connecting');
  const [lastUpdate, setLastUpdate] = useState<ResultsUpdatedEvent | null>(null);

  useEffect(() => {
    if (!canStream()) return;
    const source = openLiveEvents();
    let dropped = false;
    const refetch = () => void queryClient.invalidateQueries();

    source.addEventListener('open', () => {
      setState('open');
      if (dropped) refetch();
      dropped = false;
    });
    source.addEventListener('error', () => {
      dropped = true;
      setState('dropped');
    });
    source.addEventListener(RESULTS_UPDATED, (message) => {
      const update = readUpdate((message as MessageEvent<string>).data);
      if (update) setLastUpdate(update);
      refetch();
    });
    source.addEventListener(RESYNC, refetch);
    source.addEventListener(LIVE_TIMING, (message) => onLiveTiming.current?.((message as MessageEvent<string>).data));
    return () => source.close();
  }, [queryClient]);

  return { state: streams ? state : 'unsupported', lastUpdate };
}

/** The event's data line; null when it is not what the contract says (the refetch happens all the same). */
function readUpdate(data: string): ResultsUpdatedEvent | null {
  try {
    return readResultsUpdatedEvent(JSON.parse(data));
  } catch {
    return null;
  }
}
