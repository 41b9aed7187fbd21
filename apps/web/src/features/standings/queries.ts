import { queryOptions } from '@tanstack/react-query';
import { ERGAST_FULL_PAGE } from '@slipstream/contract';
import { api } from '../../lib/api';

/** Standings change with an import, not by the minute: five minutes, like the server's max-age. */
const STANDINGS_STALE_MS = 5 * 60_000;

/** The featured season's teams (the server's default season is the featured one). */
export const teamsQuery = queryOptions({
  queryKey: ['standings', 'teams'],
  queryFn: () => api('teams'),
  staleTime: STANDINGS_STALE_MS,
});

/** The featured season's drivers, best placed first; nrFani already carries the fans per driver. */
export const driversQuery = queryOptions({
  queryKey: ['standings', 'drivers'],
  queryFn: () => api('drivers', { query: { order: 'asc' } }),
  staleTime: STANDINGS_STALE_MS,
});

/**
 * One driver of the featured season by route code; the answer is a list whose first element is used (docs/product.md, Standings). The
 * query keeps the answer as it came, so a page rendered with it can say which API answer it holds.
 */
export function driverQuery(code: string) {
  return queryOptions({
    queryKey: ['standings', 'driver', code.toUpperCase()],
    queryFn: () => api('driver', { params: { code } }),
    select: (answer) => answer[0] ?? null,
    staleTime: STANDINGS_STALE_MS,
  });
}

/** Positions by F1DB id (drivers or teams), as the standings stood after a round; a change of position is read from them. */
export type PositionsById = Record<string, number>;

/** Positions after a round, of the drivers' or the constructors' standings. */
export const previousPositionsQuery = (of: 'drivers' | 'teams', season: number, round: number) =>
  queryOptions({
    queryKey: ['standings', of, season, round, 'positions'],
    queryFn: async (): Promise<PositionsById> => {
      if (of === 'drivers') {
        const [list] = (await api('ergastDriverStandings', { params: { season, round }, query: ERGAST_FULL_PAGE })).MRData.StandingsTable.StandingsLists;
        return positionsById((list?.DriverStandings ?? []).map((row) => [row.Driver.driverId, row.position]));
      }
      const [list] = (await api('ergastConstructorStandings', { params: { season, round }, query: ERGAST_FULL_PAGE })).MRData.StandingsTable.StandingsLists;
      return positionsById((list?.ConstructorStandings ?? []).map((row) => [row.Constructor.constructorId, row.position]));
    },
    staleTime: STANDINGS_STALE_MS,
  });

function positionsById(rows: [id: string, position: string | undefined][]): PositionsById {
  return Object.fromEntries(rows.flatMap(([id, position]) => (position ? [[id, Number(position)]] : [])));
}
