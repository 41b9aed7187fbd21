import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { calendarFeedQuery, meetingCalendarParams, seasonCalendarParams } from '@slipstream/contract';
import type { AppDeps } from '../../../deps';
import { remember } from '../../../lib/cache';
import { notFound } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';
import { requireSeason } from '../calendar/service';
import { CACHE_CONTROL, DATA_TTL_SECONDS, dataKey, dataVersions, f1Context, type F1Context } from '../context';
import { feedRevision, meetingCalendar, seasonCalendar } from './feed';
import { endpointRoute } from '../../../lib/endpoints';

/**
 * iCalendar feeds of a season's sessions and of one meeting. They read the same calendar as the schedule
 * (so imports and admin session edits show up) but not by the racing clock: a calendar shows the future.
 */
export const icalendarRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const site = { publicUrl: deps.config.publicUrl };

  endpointRoute(app, 'seasonCalendar', async (request, reply) => {
    const { file: season } = parseInput(seasonCalendarParams, request.params);
    const { sessions } = parseInput(calendarFeedQuery, request.query);
    const ctx = f1Context(deps);
    const ics = await cachedIcs(ctx, ['ics', season, sessions], async () =>
      seasonCalendar(season, await requireSeason(ctx, season), sessions, await revisionOf(ctx), site),
    );
    return sendIcs(reply, ics, `slipstream-f1-${season}${sessions === 'main' ? '-main' : ''}.ics`);
  });

  endpointRoute(app, 'meetingCalendar', async (request, reply) => {
    const { year, file: round } = parseInput(meetingCalendarParams, request.params);
    const ctx = f1Context(deps);
    const ics = await cachedIcs(ctx, ['ics', year, 'round', round], async () => {
      const meeting = (await requireSeason(ctx, year)).find((m) => m.round === round);
      if (!meeting) throw notFound(`No round ${round} in the ${year} season`);
      return meetingCalendar(meeting, await revisionOf(ctx), site);
    });
    return sendIcs(reply, ics, `slipstream-f1-${year}-round-${round}.ics`);
  });
};

const revisionOf = async (ctx: F1Context) => {
  const { dataVersion, editRevision } = await dataVersions(ctx);
  return feedRevision(ctx.db, dataVersion, editRevision);
};

/** Keyed by the data revision, like every F1 answer: an import or an admin edit makes a new feed. */
function cachedIcs(ctx: F1Context, parts: (string | number)[], build: () => Promise<string>): Promise<string> {
  return remember(ctx.cache, dataKey(ctx, ...parts), DATA_TTL_SECONDS, build);
}

function sendIcs(reply: FastifyReply, ics: string, filename: string) {
  return reply
    .header('cache-control', CACHE_CONTROL.data)
    .header('content-disposition', `inline; filename="${filename}"`)
    .type('text/calendar; charset=utf-8')
    .send(ics);
}
