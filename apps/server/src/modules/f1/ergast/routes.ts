import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  ergastConstructorStandingsResponse,
  ergastDriverStandingsResponse,
  ergastPageQuery,
  ergastQualifyingResponse,
  ergastRacesResponse,
  ergastResultsResponse,
  ergastSprintResponse,
} from '@slipstream/contract';
import type { AppDeps } from '../../../app';
import { parseInput } from '../../../lib/validation';
import { CACHE_CONTROL, CLOCK_TTL_SECONDS, DATA_TTL_SECONDS, answer, clockKey, dataKey, f1Context, sendJson } from '../context';
import { parseErgastPath, type ErgastResource } from './paths';
import { ergastAnswer } from './service';

const SCHEMAS = {
  races: ergastRacesResponse,
  results: ergastResultsResponse,
  qualifying: ergastQualifyingResponse,
  sprint: ergastSprintResponse,
  driverStandings: ergastDriverStandingsResponse,
  constructorStandings: ergastConstructorStandingsResponse,
} satisfies Record<ErgastResource, z.ZodType>;

/** The Ergast-compatible API: /api/ergast/f1/{season}[/{round}][/{resource}].json, as the public Ergast-style API. */
export const ergastRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/ergast/f1/*', async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const ergastRequest = parseErgastPath(path);
    const page = parseInput(ergastPageQuery, request.query);
    // Ergast reports the URL asked, without its query, in lower case.
    const url = `${request.protocol}://${request.host}${request.url.split('?')[0]}`.toLowerCase();
    const ctx = await f1Context(deps);
    // "current" and "last" follow the racing clock; a plain year and round only the data.
    const byClock = ergastRequest.season === 'current' || ergastRequest.round === 'last';
    const parts = ['ergast', url, page.limit, page.offset];
    const schema: z.ZodType = SCHEMAS[ergastRequest.resource];
    const json = await answer(
      ctx,
      byClock ? clockKey(ctx, ...parts) : dataKey(ctx, ...parts),
      byClock ? CLOCK_TTL_SECONDS : DATA_TTL_SECONDS,
      schema,
      () => ergastAnswer(ctx, ergastRequest, page, url),
    );
    return sendJson(reply, json, byClock ? CACHE_CONTROL.clock : CACHE_CONTROL.data);
  });
};
