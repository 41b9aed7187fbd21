import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { PAGES, type PageName, type PathParams } from '@slipstream/contract/pages';
import { eventTrackerQuery, hasSessionResults, prefetchHomeData } from '../features/home/queries';
import { liveCentreQuery } from '../features/live/queries';
import { prefetchResultsStart } from '../features/results/queries';
import { meetingQuery, seasonScheduleQuery } from '../features/schedule/queries';
import { driverQuery, driversQuery, teamsQuery } from '../features/standings/queries';
import { metaQuery, nextMeetingQuery } from '../lib/queries';

type FirstReads = (client: QueryClient, params: PathParams, now: number) => Promise<unknown>;
/** The pages visitors land on from outside: the server names their code for preloading beside the page. */
type LandingPage = { [N in PageName]: (typeof PAGES)[N] extends { landing: true } ? N : never }[PageName];

/**
 * What the pages visitors land on read first, by their name in the page registry. The server renders exactly
 * these pages, for visitors without a session, from exactly these reads (entry-server.tsx), and sends their
 * answers in the page; in the browser they start with the app. Failures are the screens' to show.
 */
const FIRST_READS: Partial<Record<LandingPage, FirstReads>> = {
  home: (client) => Promise.all([prefetchHomeData(client), client.prefetchQuery(driversQuery), client.prefetchQuery(teamsQuery), prefetchWeekendResults(client)]),
  schedule: async (client) => client.prefetchQuery(seasonScheduleQuery((await client.fetchQuery(metaQuery)).featuredSeason)),
  meeting: (client, { an, meeting_name }) => client.prefetchQuery(meetingQuery(Number(an), meeting_name!)),
  drivers: (client) => client.prefetchQuery(driversQuery),
  driver: (client, { id }) => client.prefetchQuery(driverQuery(id!)),
  teams: (client) => client.prefetchQuery(teamsQuery),
  raceResults: async (client, { an }, now) => an && prefetchResultsStart(client, Number(an), 'race', now),
  qualifyingResults: async (client, { an }, now) => an && prefetchResultsStart(client, Number(an), 'qualifying', now),
  live: (client) => client.prefetchQuery(liveCentreQuery),
  // The vote's state is the visitor's own (their ballot): the page is rendered with it loading, as it first shows.
  vote: async () => undefined,
};

/** The home page's weekend timetable shows the top three of its finished sessions from the meeting's answer. */
async function prefetchWeekendResults(client: QueryClient): Promise<void> {
  const meeting = (await client.fetchQuery(eventTrackerQuery)).data[0];
  if (meeting && hasSessionResults(meeting)) await client.prefetchQuery(meetingQuery(meeting.meetingContext.season, meeting.slug));
}

/** The first reads of the page at pathname, matched as the router matches it, with its params. */
function pageReadsAt(pathname: string): { reads: FirstReads; params: PathParams } | undefined {
  for (const [name, reads] of Object.entries(FIRST_READS) as [LandingPage, FirstReads][]) {
    const match = matchPath(PAGES[name].path, pathname);
    if (match) return { reads, params: match.params };
  }
  return undefined;
}

/** The page at pathname has first reads of its own: the server renders it. */
export function hasFirstReads(pathname: string): boolean {
  return pageReadsAt(pathname) !== undefined;
}

/**
 * Starts the navbar's reads and those of the page at pathname, by the racing clock's now (ms); settles when all
 * have, whether they succeeded or not.
 */
export function startFirstReads(client: QueryClient, pathname: string, now: number): Promise<unknown> {
  const page = pageReadsAt(pathname);
  const pageReads = page?.reads(client, page.params, now).catch(() => undefined);
  return Promise.all([client.prefetchQuery(metaQuery), client.prefetchQuery(nextMeetingQuery), pageReads]);
}

/**
 * Waits for reads that settle without the network (answers the page came with), but not for any that must
 * wait for it: the first render never waits on a round trip.
 */
export function settledWithoutNetwork(reads: Promise<unknown>): Promise<unknown> {
  return Promise.race([reads, new Promise((resolve) => setTimeout(resolve, 0))]);
}
