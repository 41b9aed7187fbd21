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
import { CACHE_CONTROL, CLOCK_TTL_SECONDS, answer, clockKey, f1Context, sendJson, sharedCacheFor } from '../context';
import { eventTracker, lastMeeting, nextMeeting, seasonSchedule } from './service';

/** The racing calendar by the clock: next and last meeting, the event tracker, a season's schedule. */
export const calendarRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/get-next', async (_request, reply) => {
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'next'), CLOCK_TTL_SECONDS, nextMeetingResponse, () => nextMeeting(ctx));
    return sendJson(reply, json, CACHE_CONTROL.clock);
  });

  app.get('/get-last', async (_request, reply) => {
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'last'), CLOCK_TTL_SECONDS, lastMeetingResponse, () => lastMeeting(ctx));
    return sendJson(reply, json, CACHE_CONTROL.clock);
  });

  app.get('/event-tracker', async (request, reply) => {
    const { 'x-cache-duration': maxAge } = parseInput(eventTrackerHeaders, request.headers);
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'event-tracker'), CLOCK_TTL_SECONDS, eventTrackerResponse, () => eventTracker(ctx));
    return sendJson(reply, json, maxAge === undefined ? CACHE_CONTROL.clock : sharedCacheFor(maxAge));
  });

  app.get('/seasons/:year/meetings', async (request, reply) => {
    const { year } = parseInput(seasonParams, request.params);
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'schedule', year), CLOCK_TTL_SECONDS, seasonScheduleResponse, () =>
      seasonSchedule(ctx, year),
    );
    return sendJson(reply, json, CACHE_CONTROL.clock);
  });
};
