import type { FastifyPluginAsync } from 'fastify';
import { lastRaceSummary, meetingDetailResponse, meetingParams, raceSummaryParams } from '@slipstream/contract';
import type { AppDeps } from '../../../deps';
import { parseInput } from '../../../lib/validation';
import { CACHE_CONTROL, CLOCK_TTL_SECONDS, DATA_TTL_SECONDS, answer, clockKey, dataKey, f1Context } from '../context';
import { meetingDetail, raceSummary } from './service';
import { readerRoute } from '../../../lib/endpoints';

/** A race's summary for the home page and a meeting's page with its results. */
export const resultsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  readerRoute(app, 'lastRaceSummary', async ({ params }) => {
    const { season, raceId_slug } = parseInput(raceSummaryParams, params);
    const ctx = f1Context(deps);
    const json = await answer(ctx, dataKey(ctx, 'summary', season, raceId_slug), DATA_TTL_SECONDS, lastRaceSummary, () =>
      raceSummary(ctx, season, raceId_slug),
    );
    return { json, cacheControl: CACHE_CONTROL.data };
  });

  readerRoute(app, 'meeting', async ({ params }) => {
    const { year, slug } = parseInput(meetingParams, params);
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'meeting', year, slug), CLOCK_TTL_SECONDS, meetingDetailResponse, () =>
      meetingDetail(ctx, year, slug),
    );
    return { json, cacheControl: CACHE_CONTROL.clock };
  });
};
