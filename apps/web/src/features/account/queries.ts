import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The account screens' queries. */

/** The password rules change with a deploy at most. */
export const passwordPolicyQuery = queryOptions({
  queryKey: ['auth', 'password-policy'],
  queryFn: () => api('passwordPolicy'),
  staleTime: Infinity,
});

export const providersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: () => api('authProviders'),
  staleTime: Infinity,
});

export const profileQuery = (uid: string) =>
  queryOptions({
    queryKey: ['profile', uid],
    queryFn: async () => (await api('profile', { params: { uid } })).data,
    staleTime: 0,
  });

/** The featured season's drivers and teams: what a favourite can be chosen from, and the cards' facts. */
export const driversQuery = queryOptions({
  queryKey: ['drivers', 'asc'],
  queryFn: () => api('drivers', { query: { order: 'asc' } }),
});

export const teamsQuery = queryOptions({
  queryKey: ['teams'],
  queryFn: () => api('teams'),
});
