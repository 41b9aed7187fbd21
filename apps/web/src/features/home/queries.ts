import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import type { HeroMeeting, LastMeeting, LastMeetingResponse, RaceRef } from '@slipstream/contract';
import { api } from '../../lib/api';
import { lastMeetingQuery } from '../../lib/queries';

/** The proxy cache duration for the event tracker, in seconds (docs/product.md, Home). */
const EVENT_TRACKER_CACHE_SECONDS = 240;

/** docs/product.md (Home) refreshes the event tracker every 5 minutes; sessions change phase in between by the ticking clock. */
const EVENT_TRACKER_REFRESH_MS = 300_000;

/** The event-tracker error text of docs/product.md (Home): what the console shows when the hero cannot load. */
const EVENT_TRACKER_ERROR = "Can't fetch data from F1 API";

export async function loadEventTracker(options?: { revalidate?: boolean }) {
  try {
    return await api('eventTracker', { headers: { 'X-Cache-Duration': String(EVENT_TRACKER_CACHE_SECONDS) }, cache: options?.revalidate ? 'no-cache' : 'default' });
  } catch (error) {
    throw new Error(EVENT_TRACKER_ERROR, { cause: error });
  }
}

export const eventTrackerQuery = queryOptions({
  queryKey: ['event-tracker'],
  queryFn: () => loadEventTracker(),
  refetchInterval: EVENT_TRACKER_REFRESH_MS,
  staleTime: EVENT_TRACKER_REFRESH_MS,
});

/** Whether a session of the meeting has results: only then does the weekend's timetable read the meeting for their top three. */
export function hasSessionResults(meeting: HeroMeeting): boolean {
  return meeting.meetingContext.timetables.some((entry) => entry.results !== null);
}

/** The podiums of a race with results; waits (skipToken) until that race is known. */
export function lastRaceSummaryQuery(race: RaceRef | null) {
  return queryOptions({
    queryKey: ['last-race-summary', race?.season, race?.raceId, race?.slug],
    queryFn: race ? () => api('lastRaceSummary', { params: { season: race.season, raceId_slug: `${race.raceId}_${race.slug}` } }) : skipToken,
    // Results of a finished race do not change.
    staleTime: Infinity,
  });
}

/** The last meeting when the answer names one (it may say that none has finished yet). */
export function lastFinishedMeeting(answer: LastMeetingResponse | undefined): LastMeeting | null {
  return answer && 'slug' in answer ? answer : null;
}

/** The race the home page's podiums show: the last finished, or the latest with results while its are not in. */
export function podiumRace(answer: LastMeetingResponse | undefined): RaceRef | null {
  return lastFinishedMeeting(answer)?.latestResults.race ?? null;
}

/**
 * The home page's first reads (app/firstReads.ts): the hero, and the last meeting then its podiums. The server
 * renders the page with them; in the browser they start with the app, beside the sign-in check and the screen's
 * code, so the screen's queries find them in flight or done. Failures are the screen's to show; the promise
 * settles when all are done.
 */
export async function prefetchHomeData(queryClient: QueryClient): Promise<void> {
  const podiums = queryClient
    .fetchQuery(lastMeetingQuery)
    .then((answer) => {
      const race = podiumRace(answer);
      if (race) return queryClient.prefetchQuery(lastRaceSummaryQuery(race));
    })
    .catch(() => undefined);
  await Promise.all([queryClient.prefetchQuery(eventTrackerQuery), podiums]);
}
