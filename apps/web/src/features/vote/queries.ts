import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { voterAccessToken } from './voterSession';

/** Everything of the vote lives under ['vote'], so one invalidation after a ballot refreshes every view of it. */
export const VOTE = ['vote'] as const;

export const voteStateQuery = queryOptions({
  queryKey: [...VOTE, 'state'],
  queryFn: async () => api('voteState', { token: await voterAccessToken() }),
  staleTime: 0,
});

export const voteResultsQuery = queryOptions({
  queryKey: [...VOTE, 'results'],
  queryFn: () => api('voteResults'),
  staleTime: 0,
});

export const votePreviewQuery = (fomRaceId: number) =>
  queryOptions({
    queryKey: [...VOTE, 'preview', fomRaceId],
    queryFn: () => api('votePreview', { params: { fomRaceId } }),
  });

export const myVotesQuery = queryOptions({
  queryKey: [...VOTE, 'mine'],
  /** null: nobody is signed in, so there are no votes of theirs to show. */
  queryFn: async () => {
    const accessToken = await voterAccessToken();
    return accessToken ? api('myVotes', { token: accessToken }) : null;
  },
  staleTime: 0,
});
