import { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { prefetchHomeData } from '../features/home/queries';
import { prefetchResultsStart } from '../features/results/queries';
import { meetingQuery, seasonScheduleQuery } from '../features/schedule/queries';
import { driverQuery, driversQuery, teamsQuery } from '../features/standings/queries';
import { metaQuery, nextMeetingQuery } from '../lib/queries';
import { readingServedAnswersOnly } from '../lib/servedAnswers';
import { QUERY_DEFAULTS } from './queryClient';

type Params = Record<string, string | undefined>;

/**
 * The first reads of the pages visitors land on, started with the app (issue 10). The server writes their
 * answers into the page (modules/seo/landing.ts on the server names the same ones), so these settle at once and
 * the first render already shows the page's data; without them they are simply requests started early.
 */
const LANDING_READS: Array<[pattern: string, read: (client: QueryClient, params: Params, now: number) => Promise<unknown>]> = [
  ['/', prefetchHomeData],
  ['/schedule', async (client) => client.prefetchQuery(seasonScheduleQuery((await client.fetchQuery(metaQuery)).featuredSeason))],
  ['/schedule/:season/:meeting', (client, { season, meeting }) => client.prefetchQuery(meetingQuery(Number(season), meeting!))],
  ['/drivers', (client) => client.prefetchQuery(driversQuery)],
  ['/drivers/:code', (client, { code }) => client.prefetchQuery(driverQuery(code!))],
  ['/teams', (client) => client.prefetchQuery(teamsQuery)],
  ['/race-results/:season', (client, { season }, now) => prefetchResultsStart(client, Number(season), 'race', now)],
  ['/qualifying-results/:season', (client, { season }, now) => prefetchResultsStart(client, Number(season), 'qualifying', now)],
];

/**
 * Starts the navbar's reads and those of the screen at pathname, by the racing clock's now (ms); settles when all
 * have (failures are the screens').
 */
export function startLandingReads(client: QueryClient, pathname: string, now: number): Promise<unknown> {
  const reads: Promise<unknown>[] = [client.prefetchQuery(metaQuery), client.prefetchQuery(nextMeetingQuery)];
  for (const [pattern, read] of LANDING_READS) {
    const match = matchPath(pattern, pathname);
    if (match) reads.push(read(client, match.params, now).catch(() => undefined));
  }
  return Promise.all(reads);
}

/**
 * Waits for reads that settle without the network (answers the page came with), but not for any that must
 * wait for it: the first render never waits on a round trip.
 */
export function settledWithoutNetwork(reads: Promise<unknown>): Promise<unknown> {
  return Promise.race([reads, new Promise((resolve) => setTimeout(resolve, 0))]);
}

/**
 * The first reads of a page drawn on the server, made as the server made them (entry-server.tsx): from the answers
 * the page came with alone, a read without one failing at once instead of asking the network, and only those that
 * succeeded kept. Drawing and taking over then start from the same data, whatever the network answers meanwhile:
 * React keeps a drawn part that differs as an error and draws the page anew. Answers at the instant the page was
 * drawn, in a query client of their own (quiet, retry-free).
 */
export async function readAsDrawn(pathname: string, drawnAt: number): Promise<QueryClient> {
  const client = new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS.queries, retry: false } } });
  await readingServedAnswersOnly(() => startLandingReads(client, pathname, drawnAt));
  client.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  return client;
}

/** Puts what another query client read into this one, as read then (readAsDrawn's answers into the app's). */
export function takeQueries(from: QueryClient, into: QueryClient): void {
  for (const { queryKey, state } of from.getQueryCache().getAll()) into.setQueryData(queryKey, state.data, { updatedAt: state.dataUpdatedAt });
}
