import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlayerBestResponse } from '@slipstream/contract';
import { useAuth } from '../../lib/auth';
import { api } from '../../lib/api';
import { readLocal, storageKeys, writeLocal } from '../../lib/storage';
import { usePlayerToken } from './playerToken';
import type { RankedStart } from './useReactionGame';

export const leaderboardQuery = queryOptions({
  queryKey: ['reaction-game', 'leaderboard'],
  queryFn: () => api('reactionLeaderboard'),
  staleTime: 30_000,
});

const myBestKey = (uid: string) => ['reaction-game', 'me', uid] as const;

export type PersonalBest =
  | { status: 'loading' }
  /** An anonymous player's best, kept in this browser. */
  | { status: 'local'; bestMs: number | null }
  /** A signed-in player's best, kept on the server, with their place on the leaderboard. */
  | {
      status: 'account';
      bestMs: number | null;
      rank: number | null;
      players: number;
      saving: boolean;
      /** The latest ranked time the server measured (lights out to the press reaching it), once one was sent. */
      serverTimedMs: number | null;
      /** Why the saved best could not be read, or the latest time not saved. */
      readError: string | null;
      saveError: string | null;
    };

/** The latest press of a ranked run: its signed start, and its time as the browser saw it. */
export type RankedTry = { start: string; ms: number };

/** Ranked starts for a signed-in player: the server chooses when the lights go out and times the press. */
export function useRankedStart(): RankedStart | undefined {
  const auth = useAuth();
  const token = usePlayerToken();
  const start = useCallback(async () => api('startReactionRun', { token: await token() }), [token]);
  return auth.status === 'signedIn' ? start : undefined;
}

/**
 * The player's personal best, brought up to date with this visit: anonymous players keep their best in
 * localStorage; signed-in players' ranked presses go to the server, which times them (a press is sent only when
 * the browser's time beats the saved best, which the server's time, counting the connection too, cannot undercut).
 */
export function usePersonalBest(sessionBest: number | null, rankedTry: RankedTry | null): PersonalBest {
  const auth = useAuth();
  const local = useLocalBest(auth.status === 'anonymous' ? sessionBest : null);
  const account = useAccountBest(auth.status === 'signedIn' ? auth.user.uid : null, rankedTry);
  if (auth.status === 'anonymous') return { status: 'local', bestMs: local };
  if (auth.status === 'loading' || !account) return { status: 'loading' };
  return account;
}

function readStoredBest(): number | null {
  const stored = Number(readLocal(storageKeys.reactionBest));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

function useLocalBest(sessionBest: number | null): number | null {
  const [stored] = useState(readStoredBest);
  const best = quicker(stored, sessionBest);
  useEffect(() => {
    if (best !== null && best !== readStoredBest()) writeLocal(storageKeys.reactionBest, String(best));
  }, [best]);
  return best;
}

function useAccountBest(uid: string | null, rankedTry: RankedTry | null): PersonalBest | null {
  const token = usePlayerToken();
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: myBestKey(uid ?? ''),
    queryFn: async () => api('myReactionBest', { token: await token() }),
    enabled: uid !== null,
  });
  const save = useMutation({
    mutationFn: async (start: string) => api('saveReactionTime', { body: { start }, token: await token() }),
    onSuccess: (result) => {
      const { improved: _improved, reactionMs: _reactionMs, ...best } = result;
      queryClient.setQueryData<PlayerBestResponse>(myBestKey(uid ?? ''), best);
      return queryClient.invalidateQueries({ queryKey: leaderboardQuery.queryKey });
    },
  });
  const savedBest = saved.data?.bestMs ?? null;
  const { mutate } = save;
  const known = saved.isSuccess;
  const start = rankedTry?.start;
  const ms = rankedTry?.ms;
  // A start counts once: never sent twice, whatever renders follow.
  const sent = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!known || start === undefined || ms === undefined || sent.current === start || quicker(savedBest, ms) === savedBest) return;
    sent.current = start;
    mutate(start);
  }, [known, savedBest, start, ms, mutate]);

  if (uid === null) return null;
  if (saved.isError) {
    return { status: 'account', bestMs: null, rank: null, players: 0, saving: false, serverTimedMs: null, readError: saved.error.message, saveError: null };
  }
  if (!saved.data) return { status: 'loading' };
  return {
    status: 'account',
    bestMs: saved.data.bestMs,
    rank: saved.data.rank,
    players: saved.data.players,
    saving: save.isPending,
    serverTimedMs: save.data?.reactionMs ?? null,
    readError: null,
    saveError: save.error?.message ?? null,
  };
}

function quicker(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}
