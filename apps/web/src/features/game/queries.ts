import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PlayerBestResponse } from '@slipstream/contract';
import { useAuth } from '../../app/auth';
import { api } from '../../lib/api';
import { readLocal, storageKeys, writeLocal } from '../../lib/storage';
import { usePlayerToken } from './playerToken';

export const leaderboardQuery = queryOptions({
  queryKey: ['reaction-game', 'leaderboard'],
  queryFn: api.getReactionLeaderboard,
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
      /** Why the saved best could not be read, or the latest time not saved. */
      readError: string | null;
      saveError: string | null;
    };

/**
 * The player's personal best, brought up to date with this visit's best: anonymous players keep it in
 * localStorage, signed-in players on the server (a time is sent only when it beats the saved one).
 */
export function usePersonalBest(sessionBest: number | null): PersonalBest {
  const auth = useAuth();
  const local = useLocalBest(auth.status === 'anonymous' ? sessionBest : null);
  const account = useAccountBest(auth.status === 'signedIn' ? auth.user.uid : null, sessionBest);
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

function useAccountBest(uid: string | null, sessionBest: number | null): PersonalBest | null {
  const token = usePlayerToken();
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: myBestKey(uid ?? ''),
    queryFn: async () => api.getMyReactionBest(await token()),
    enabled: uid !== null,
  });
  const save = useMutation({
    mutationFn: async (reactionMs: number) => api.saveReactionTime(reactionMs, await token()),
    onSuccess: (result) => {
      const { improved: _improved, ...best } = result;
      queryClient.setQueryData<PlayerBestResponse>(myBestKey(uid ?? ''), best);
      return queryClient.invalidateQueries({ queryKey: leaderboardQuery.queryKey });
    },
  });
  const savedBest = saved.data?.bestMs ?? null;
  const { mutate } = save;
  const known = saved.isSuccess;

  useEffect(() => {
    if (known && sessionBest !== null && quicker(savedBest, sessionBest) !== savedBest) mutate(sessionBest);
  }, [known, savedBest, sessionBest, mutate]);

  if (uid === null) return null;
  if (saved.isError) return { status: 'account', bestMs: null, rank: null, players: 0, saving: false, readError: saved.error.message, saveError: null };
  if (!saved.data) return { status: 'loading' };
  return {
    status: 'account',
    bestMs: saved.data.bestMs,
    rank: saved.data.rank,
    players: saved.data.players,
    saving: save.isPending,
    readError: null,
    saveError: save.error?.message ?? null,
  };
}

function quicker(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}
