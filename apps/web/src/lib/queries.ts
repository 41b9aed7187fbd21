import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** Queries the shell and several screens share; a screen's own queries live in its feature folder. */

/** The featured season and data version change at most once per import. */
export const metaQuery = queryOptions({
  queryKey: ['meta'],
  queryFn: api.getMeta,
  staleTime: 10 * 60_000,
});

export const nextMeetingQuery = queryOptions({
  queryKey: ['meetings', 'next'],
  queryFn: api.getNextMeeting,
  staleTime: 5 * 60_000,
});

export const lastMeetingQuery = queryOptions({
  queryKey: ['meetings', 'last'],
  queryFn: api.getLastMeeting,
  staleTime: 5 * 60_000,
});
