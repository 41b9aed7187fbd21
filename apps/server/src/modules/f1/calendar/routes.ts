import type { FastifyPluginAsync } from 'fastify';
import {
  eventTrackerHeaders,
  eventTrackerResponse,
  lastMeetingResponse,
  nextMeetingResponse,
  seasonParams,
  seasonScheduleResponse,
} from '@slipstream/contract';
import type { AppDeps } from '../../../deps';
import { parseInput } from '../../../lib/validation';
import { CACHE_CONTROL, CLOCK_TTL_SECONDS, answer, clockKey, f1Context, sharedCacheFor } from '../context';
import { eventTracker, lastMeeting, nextMeeting, seasonSchedule } from './service';
import { readerRoute } from '../../../lib/endpoints';

/** The racing calendar by the clock: next and last meeting, the event tracker, a season's schedule. */
export const calendarRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  readerRoute(app, 'nextMeeting', async () => {
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'next'), CLOCK_TTL_SECONDS, nextMeetingResponse, () => nextMeeting(ctx));
    return { json, cacheControl: CACHE_CONTROL.clock };
  });

  readerRoute(app, 'lastMeeting', async () => {
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'last'), CLOCK_TTL_SECONDS, lastMeetingResponse, () => lastMeeting(ctx));
    return { json, cacheControl: CACHE_CONTROL.clock };
  });

  readerRoute(app, 'eventTracker', async ({ headers }) => {
    const { 'x-cache-duration': maxAge } = parseInput(eventTrackerHeaders, headers);
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'event-tracker'), CLOCK_TTL_SECONDS, eventTrackerResponse, () => eventTracker(ctx));
    return { json, cacheControl: maxAge === undefined ? CACHE_CONTROL.clock : sharedCacheFor(maxAge) };
  });

  readerRoute(app, 'seasonSchedule', async ({ params }) => {
    const { year } = parseInput(seasonParams, params);
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'schedule', year), CLOCK_TTL_SECONDS, seasonScheduleResponse, () =>
      seasonSchedule(ctx, year),
    );
    return { json, cacheControl: CACHE_CONTROL.clock };
  });
};
