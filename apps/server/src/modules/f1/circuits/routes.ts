import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { circuitDrawingParams, circuitDrawingQuery } from '@slipstream/contract';
import type { AppDeps } from '../../../deps';
import { circuitLayouts } from '../../../db/schema';
import { remember } from '../../../lib/cache';
import { notFound } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';
import { CACHE_CONTROL, DATA_TTL_SECONDS, dataKey, f1Context } from '../context';
import { endpointRoute } from '../../../lib/endpoints';

/** GET /api/circuits/:layoutId.svg?variant=white|black|white-outline|black-outline: the F1DB drawing. */
export const circuitRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  endpointRoute(app, 'circuitDrawing', async (request, reply) => {
    const { layoutId } = parseInput(circuitDrawingParams, request.params);
    const { variant } = parseInput(circuitDrawingQuery, request.query);
    const ctx = f1Context(deps);
    const svgs = await remember(ctx.cache, dataKey(ctx, 'drawings', layoutId), DATA_TTL_SECONDS, async () => {
      const [layout] = await ctx.db.select({ svgs: circuitLayouts.svgs }).from(circuitLayouts).where(eq(circuitLayouts.id, layoutId));
      return layout?.svgs ?? null;
    });
    if (!svgs) throw notFound(`No circuit layout ${layoutId}`);
    const svg = svgs[variant];
    if (!svg) throw notFound(`No ${variant} drawing of circuit layout ${layoutId}`);
    return reply.header('cache-control', CACHE_CONTROL.asset).type('image/svg+xml').send(svg);
  });
};
