import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BallotRequest, VoteCandidates, VotePick, VotePicks, VoteStateResponse } from '@slipstream/contract';
import { api } from '../../lib/api';
import { VOTE, voteStateQuery } from './queries';
import { voterAccessToken } from './voterSession';

// Apart from queries.ts, so the home page's preview, which shares those reads, does not load TanStack's mutations.

/**
 * Casting a ballot. The page shows it as cast at once (optimistic), then the server's tally replaces the old
 * one; a refusal puts the page back as it was. Every vote query refetches afterwards.
 */
export function useCastVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ballot: BallotRequest) => api('castVote', { body: ballot, token: await voterAccessToken() }),
    onMutate: async (ballot) => {
      await queryClient.cancelQueries({ queryKey: voteStateQuery.queryKey });
      const before = queryClient.getQueryData(voteStateQuery.queryKey);
      if (before) {
        const picks = picksOf(before.candidates, ballot);
        queryClient.setQueryData(voteStateQuery.queryKey, { ...before, ballot: { votedAt: new Date().toISOString(), picks } });
      }
      return { before };
    },
    onSuccess: ({ ballot, results }) => {
      queryClient.setQueryData(voteStateQuery.queryKey, (state: VoteStateResponse | undefined) => state && { ...state, ballot, results });
    },
    onError: (_error, _ballot, context) => {
      if (context?.before) queryClient.setQueryData(voteStateQuery.queryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: VOTE }),
  });
}

/** The picks as the server will show them back, from the ballot the voter was shown. */
function picksOf(candidates: VoteCandidates, ballot: BallotRequest): VotePicks {
  const drivers = [...candidates.bestPointScorer, ...candidates.bestOfTheRest];
  const driverPick = (id: string): VotePick => {
    const driver = drivers.find((d) => d.driverId === id)!;
    return { id, name: `${driver.firstName} ${driver.lastName}`, teamName: driver.teamName, teamColour: driver.teamColour };
  };
  const team = candidates.bestTeam.find((t) => t.constructorId === ballot.bestTeam)!;
  return {
    bestPointScorer: driverPick(ballot.bestPointScorer),
    bestOfTheRest: driverPick(ballot.bestOfTheRest),
    bestTeam: { id: team.constructorId, name: team.name, teamName: null, teamColour: team.teamColour },
  };
}
