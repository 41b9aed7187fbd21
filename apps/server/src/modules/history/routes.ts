import type { FastifyPluginAsync } from 'fastify';
import { historyResponse } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { latestResults } from '../f1/calendar/service';
import { answer, CACHE_CONTROL, DATA_TTL_SECONDS, dataKey, f1Context, sendJson } from '../f1/context';
import { buildHistory } from './service';
import { endpointRoute } from '../../lib/endpoints';

/**
 * GET /api/history: champions by era, records and the timeline, counted up to the latest finished race with
 * results (a finished race without them counts nothing yet). Cached with the F1 answers (keyed by the data import)
 * and by that race and the races missing since, the only ways the racing clock changes it.
 */
export const historyRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  endpointRoute(app, 'history', async (_request, reply) => {
    const ctx = f1Context(deps);
    const known = await latestResults(ctx);
    const last = known.race;
    const through = last && { season: last.season, round: last.round, name: last.meetingName, slug: last.slug };
    const key = dataKey(ctx, 'history', last?.raceId ?? 'none', known.racesMissing);
    const json = await answer(ctx, key, DATA_TTL_SECONDS, historyResponse, async () => ({
      ...(await buildHistory(ctx.db, through)),
      racesMissing: known.racesMissing,
    }));
    return sendJson(reply, json, CACHE_CONTROL.clock);
  });
};
