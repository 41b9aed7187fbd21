import type { FastifyPluginAsync } from 'fastify';
import { titleFightQuery, titleFightResponse } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { parseInput } from '../../lib/validation';
import { answer, CACHE_CONTROL, CLOCK_TTL_SECONDS, clockKey, f1Context, sendJson } from '../f1/context';
import { titleFight } from './service';
import { endpointRoute } from '../../lib/endpoints';

/** GET /api/title-fight?season=&round=&w=: who can still win, and the standings after a fan's what-if. */
export const titleFightRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  endpointRoute(app, 'titleFight', async (request, reply) => {
    const query = parseInput(titleFightQuery, request.query);
    const ctx = f1Context(deps);
    const key = clockKey(ctx, 'title-fight', query.season ?? 'featured', query.round ?? 'live', query.w ?? '');
    const json = await answer(ctx, key, CLOCK_TTL_SECONDS, titleFightResponse, () => titleFight(ctx, query));
    return sendJson(reply, json, CACHE_CONTROL.clock);
  });
};
