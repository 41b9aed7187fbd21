import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { metaQuery } from '../../lib/queries';
import { feedStart, type ResultsSession } from './rounds';

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

export const sprintResultsQuery = (season: number, round: number) =>
  queryOptions({
    queryKey: ['ergast', season, round, 'sprint'],
    queryFn: () => api.getErgastSprint(season, round),
    staleTime: RESULTS_STALE_MS,
    retry: false,
  });

/** Whether the season's timetable (read before any round) gives the round a sprint. */
export function roundHasSprint(client: QueryClient, season: number, round: number): boolean {
  const races = client.getQueryData(seasonRacesQuery(season).queryKey)?.MRData.RaceTable.Races ?? [];
  return races.some((race) => Number(race.round) === round && race.Sprint !== undefined);
}

export const qualifyingResultsQuery = (season: number, round: number) =>
  queryOptions({
    queryKey: ['ergast', season, round, 'qualifying'],
    queryFn: () => api.getErgastQualifying(season, round),
    staleTime: RESULTS_STALE_MS,
    retry: false,
  });

/**
 * A results page's first reads (app/firstReads.ts): the season's rounds, then the round its feed starts at (with its
 * sprint on the race screen), so the page is rendered with its first table.
 */
export async function prefetchResultsStart(client: QueryClient, season: number, session: ResultsSession, now: number): Promise<void> {
  const [meta, races] = await Promise.all([client.fetchQuery(metaQuery), client.fetchQuery(seasonRacesQuery(season))]);
  const { round } = feedStart(races.MRData.RaceTable.Races, session, season === meta.featuredSeason, now);
  if (round === 0) return;
  if (session === 'race') {
    await Promise.all([
      client.prefetchQuery(raceResultsQuery(season, round)),
      roundHasSprint(client, season, round) && client.prefetchQuery(sprintResultsQuery(season, round)),
    ]);
  } else await client.prefetchQuery(qualifyingResultsQuery(season, round));
}
