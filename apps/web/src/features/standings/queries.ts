import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Standings change with an import, not by the minute: five minutes, like the server's max-age. */
const STANDINGS_STALE_MS = 5 * 60_000;

/** The featured season's teams (the server's default season is the featured one). */
export const teamsQuery = queryOptions({
  queryKey: ['standings', 'teams'],
  queryFn: () => api.getTeams(),
  staleTime: STANDINGS_STALE_MS,
});

/** The featured season's drivers, best placed first; nrFani already carries the fans per driver. */
export const driversQuery = queryOptions({
  queryKey: ['standings', 'drivers'],
  queryFn: () => api.getDrivers({ order: 'asc' }),
  staleTime: STANDINGS_STALE_MS,
});

/**
 * One driver of the featured season by route code; the answer is a list whose first element is used (spec). The
 * query keeps the answer as it came, so a page rendered with it can say which API answer it holds.
 */
export function driverQuery(code: string) {
  return queryOptions({
    queryKey: ['standings', 'driver', code.toUpperCase()],
    queryFn: () => api.getDriver(code),
    select: (answer) => answer[0] ?? null,
    staleTime: STANDINGS_STALE_MS,
  });
}
