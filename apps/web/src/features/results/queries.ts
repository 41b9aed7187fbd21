import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Results of past rounds do not change between imports; ten minutes keeps revisits instant. */
const RESULTS_STALE_MS = 10 * 60_000;

export const seasonRacesQuery = (season: number) =>
  queryOptions({
    queryKey: ['ergast', season, 'races'],
    queryFn: () => api.getErgastSeason(season),
    staleTime: RESULTS_STALE_MS,
  });

// A round that fails ends the scroll (spec), so it is not retried.

export const raceResultsQuery = (season: number, round: number) =>
  queryOptions({
    queryKey: ['ergast', season, round, 'results'],
    queryFn: () => api.getErgastRaceResults(season, round),
    staleTime: RESULTS_STALE_MS,
    retry: false,
  });

export const qualifyingResultsQuery = (season: number, round: number) =>
  queryOptions({
    queryKey: ['ergast', season, round, 'qualifying'],
    queryFn: () => api.getErgastQualifying(season, round),
    staleTime: RESULTS_STALE_MS,
    retry: false,
  });
