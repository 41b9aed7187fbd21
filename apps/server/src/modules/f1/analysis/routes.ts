import type { FastifyPluginAsync } from 'fastify';
import { meetingParams, sessionAnalysis, sessionAnalysisQuery } from '@slipstream/contract';
import type { AppDeps } from '../../../deps';
import { parseInput } from '../../../lib/validation';
import { CACHE_CONTROL, CLOCK_TTL_SECONDS, answer, clockKey, f1Context, sendJson } from '../context';
import { sessionAnalysisOf } from './service';
import { endpointRoute } from '../../../lib/endpoints';

/** A meeting's session analysis: laps, stints, pit visits and track status from the stored timing. */
export const analysisRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  endpointRoute(app, 'sessionAnalysis', async (request, reply) => {
    const { year, slug } = parseInput(meetingParams, request.params);
    const { session } = parseInput(sessionAnalysisQuery, request.query);
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'analysis', year, slug, session ?? 'default'), CLOCK_TTL_SECONDS, sessionAnalysis, () =>
      sessionAnalysisOf(ctx, year, slug, session),
    );
    return sendJson(reply, json, CACHE_CONTROL.clock);
  });
};
