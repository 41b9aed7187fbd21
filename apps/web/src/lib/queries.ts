import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** Queries the shell and several screens share; a screen's own queries live in its feature folder. */

/** The featured season and data version change at most once per import. */
export const metaQuery = queryOptions({
  queryKey: ['meta'],
  queryFn: () => api('meta'),
  staleTime: 10 * 60_000,
});

export const nextMeetingQuery = queryOptions({
  queryKey: ['meetings', 'next'],
  queryFn: () => api('nextMeeting'),
  staleTime: 5 * 60_000,
});

export const lastMeetingQuery = queryOptions({
  queryKey: ['meetings', 'last'],
  queryFn: () => api('lastMeeting'),
  staleTime: 5 * 60_000,
});
