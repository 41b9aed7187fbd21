import { useCallback, useEffect, useReducer } from 'react';
import type { FeedStart } from './rounds';

/**
 * The infinite scroll of docs/product.md (Results) as a small state machine. The round counter starts at the latest round and
 * decrements per loaded round; it goes to 0 on an empty result or an error, which ends loading. While it is
 * still probing for the latest round with results (current season), an empty round steps down instead.
 */
export type FeedState<Round> = {
  /** Loaded rounds, newest first. */
  rounds: Round[];
  /** The next round to load; 0 when there is nothing more. */
  counter: number;
  probing: boolean;
  phase: 'loading' | 'idle' | 'done';
  /** A round failed to load (the failure is logged, not shown). */
  failed: boolean;
  /** Rounds passed while probing, newest first: their session has started by the clock, their results are not in. */
  awaiting: number[];
};

export type FeedEvent<Round> =
  | { type: 'more' }
  | { type: 'loaded'; round: Round }
  | { type: 'empty' }
  | { type: 'failed' };

export function startFeed<Round>({ round, probing }: FeedStart): FeedState<Round> {
  return { rounds: [], counter: round, probing, phase: round > 0 ? 'loading' : 'done', failed: false, awaiting: [] };
}

export function feedReducer<Round>(state: FeedState<Round>, event: FeedEvent<Round>): FeedState<Round> {
  switch (event.type) {
    case 'more':
      return state.phase === 'idle' ? { ...state, phase: 'loading' } : state;
    case 'loaded': {
      const counter = state.counter - 1;
      return { ...state, rounds: [...state.rounds, event.round], counter, probing: false, phase: counter > 0 ? 'idle' : 'done' };
    }
    case 'empty': {
      const awaiting = state.probing ? [...state.awaiting, state.counter] : state.awaiting;
      if (state.probing && state.counter > 1) return { ...state, counter: state.counter - 1, awaiting };
      return { ...state, counter: 0, phase: 'done', awaiting };
    }
    case 'failed':
      return { ...state, counter: 0, phase: 'done', failed: true };
  }
}

/**
 * The feed's first state, with the rounds already read taken in at once: a page that came with its first round
 * is rendered with it. `cachedRound` answers undefined for a round not read yet.
 */
export function startFeedFrom<Round>(start: FeedStart, cachedRound: (round: number) => Round | null | undefined): FeedState<Round> {
  let state = startFeed<Round>(start);
  for (let round; state.phase === 'loading' && (round = cachedRound(state.counter)) !== undefined; ) {
    state = feedReducer(state, round === null ? { type: 'empty' } : { type: 'loaded', round });
  }
  return state;
}

/**
 * Loads the first round at once (or takes it as already read), then one round per `loadMore()`. `loadRound`
 * answers null for a round without results and must keep its identity while the season stays the same (wrap it
 * in useCallback).
 */
export function useRoundFeed<Round>(
  start: () => FeedStart,
  loadRound: (round: number) => Promise<Round | null>,
  cachedRound: (round: number) => Round | null | undefined = () => undefined,
) {
  const [state, dispatch] = useReducer(feedReducer<Round>, undefined, () => startFeedFrom<Round>(start(), cachedRound));
  const { phase, counter } = state;

  useEffect(() => {
    if (phase !== 'loading') return;
    let current = true;
    loadRound(counter).then(
      (round) => {
        if (current) dispatch(round === null ? { type: 'empty' } : { type: 'loaded', round });
      },
      () => {
        if (current) dispatch({ type: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [phase, counter, loadRound]);

  const loadMore = useCallback(() => dispatch({ type: 'more' }), []);
  return { ...state, loadMore };
}
