import type { FastifyPluginAsync } from 'fastify';
import { compareDriversResponse, compareQuery, compareResponse } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { parseInput } from '../../lib/validation';
import { answer, CACHE_CONTROL, CLOCK_TTL_SECONDS, clockKey, DATA_TTL_SECONDS, dataKey, f1Context, sendJson } from '../f1/context';
import { compareDriverOptions, compareDrivers } from './service';
import { endpointRoute } from '../../lib/endpoints';

/** GET /api/compare?a=&b=&season=: two drivers head to head; GET /api/compare/drivers: the pickers' list. */
export const compareRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  endpointRoute(app, 'compare', async (request, reply) => {
    const query = parseInput(compareQuery, request.query);
    const ctx = f1Context(deps);
    const key = clockKey(ctx, 'compare', query.a, query.b, query.season ?? 'careers');
    const json = await answer(ctx, key, CLOCK_TTL_SECONDS, compareResponse, () => compareDrivers(ctx, query));
    return sendJson(reply, json, CACHE_CONTROL.clock);
  });

  endpointRoute(app, 'compareDrivers', async (_request, reply) => {
    const ctx = f1Context(deps);
    const key = dataKey(ctx, 'compare-drivers', ctx.now.toISOString().slice(0, 10));
    const json = await answer(ctx, key, DATA_TTL_SECONDS, compareDriversResponse, () => compareDriverOptions(ctx));
    return sendJson(reply, json, CACHE_CONTROL.data);
  });
};
