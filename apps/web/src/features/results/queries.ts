import { ERGAST_FULL_PAGE, meetingSlug } from '@slipstream/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { metaQuery } from '../../lib/queries';
import { feedStart, type ResultsSession } from './rounds';

/** Results of past rounds do not change between imports; ten minutes keeps revisits instant. */
const RESULTS_STALE_MS = 10 * 60_000;

export const seasonRacesQuery = (season: number) =>
  queryOptions({
    queryKey: ['ergast', season, 'races'],
    queryFn: () => api('ergastSeason', { params: { season }, query: ERGAST_FULL_PAGE }),
    staleTime: RESULTS_STALE_MS,
  });

// A round that fails ends the scroll (docs/product.md, Results), so it is not retried.

export const raceResultsQuery = (season: number, round: number) =>
  queryOptions({
    queryKey: ['ergast', season, round, 'results'],
    queryFn: () => api('ergastRaceResults', { params: { season, round }, query: ERGAST_FULL_PAGE }),
    staleTime: RESULTS_STALE_MS,
    retry: false,
  });

export const sprintResultsQuery = (season: number, round: number) =>
  queryOptions({
    queryKey: ['ergast', season, round, 'sprint'],
    queryFn: () => api('ergastSprint', { params: { season, round }, query: ERGAST_FULL_PAGE }),
    staleTime: RESULTS_STALE_MS,
    retry: false,
  });

/**
 * A sprint weekend's sprint-qualifying classification, which Ergast's shapes do not have: read from the meeting page's
 * answer (rows as the meeting page shows them), with whether it is provisional.
 */
export const sprintQualifyingQuery = (season: number, round: number, slug: string) =>
  queryOptions({
    queryKey: ['results', season, round, 'sprint-qualifying'],
    queryFn: async () => {
      const { results } = await api('meeting', { params: { year: season, slug } });
      return { rows: results.sprintQualifying, provisional: results.provisional.includes('SPRINT_QUALIFYING') };
    },
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
    queryFn: () => api('ergastQualifying', { params: { season, round }, query: ERGAST_FULL_PAGE }),
    staleTime: RESULTS_STALE_MS,
    retry: false,
  });

/**
 * A results page's first reads (app/firstReads.ts): the season's rounds, then the round its feed starts at (with its
 * sprint, or sprint qualifying), so the page is rendered with its first table.
 */
export async function prefetchResultsStart(client: QueryClient, season: number, session: ResultsSession, now: number): Promise<void> {
  const [meta, races] = await Promise.all([client.fetchQuery(metaQuery), client.fetchQuery(seasonRacesQuery(season))]);
  const { round } = feedStart(races.MRData.RaceTable.Races, session, season === meta.featuredSeason, now);
  if (round === 0) return;
  const sprint = roundHasSprint(client, season, round);
  if (session === 'race') {
    await Promise.all([client.prefetchQuery(raceResultsQuery(season, round)), sprint && client.prefetchQuery(sprintResultsQuery(season, round))]);
    return;
  }
  const raceName = races.MRData.RaceTable.Races.find((race) => Number(race.round) === round)?.raceName;
  await Promise.all([
    client.prefetchQuery(qualifyingResultsQuery(season, round)),
    sprint && raceName !== undefined && client.prefetchQuery(sprintQualifyingQuery(season, round, meetingSlug(raceName))),
  ]);
}
