import type { FastifyPluginAsync } from 'fastify';
import { seasonParams } from '@slipstream/contract';
import type { AppDeps } from '../../../deps';
import { parseInput } from '../../../lib/validation';
import { CACHE_CONTROL, f1Context, sendJson } from '../context';
import { trackSeason } from './service';
import { endpointRoute } from '../../../lib/endpoints';

/** GET /api/track/:year: the track visualiser's circuits of a season. */
export const trackRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  endpointRoute(app, 'trackSeason', async (request, reply) => {
    const { year } = parseInput(seasonParams, request.params);
    const ctx = f1Context(deps);
    // Winners and lap records grow when a race finishes by the clock: a clock answer for browsers.
    return sendJson(reply, await trackSeason(ctx, year), CACHE_CONTROL.clock);
  });
};
