import type { FastifyPluginAsync } from 'fastify';
import { historyResponse } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { lastFinishedMeeting } from '../f1/calendar/service';
import { answer, CACHE_CONTROL, DATA_TTL_SECONDS, dataKey, f1Context, sendJson } from '../f1/context';
import { buildHistory } from './service';

/**
 * GET /api/history: champions by era, records and the timeline. Cached with the F1 answers (keyed by the data
 * import) and by the last finished race, the only way the racing clock changes it.
 */
export const historyRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/history', async (_request, reply) => {
    const ctx = f1Context(deps);
    const last = await lastFinishedMeeting(ctx);
    const through = last && { season: last.season, round: last.round, name: last.name, slug: last.slug };
    const json = await answer(ctx, dataKey(ctx, 'history', last?.raceId ?? 'none'), DATA_TTL_SECONDS, historyResponse, () =>
      buildHistory(ctx.db, through),
    );
    return sendJson(reply, json, CACHE_CONTROL.clock);
  });
};
