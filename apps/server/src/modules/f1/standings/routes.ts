import type { FastifyPluginAsync } from 'fastify';
import {
  driverCodeParams,
  driverDetailResponse,
  driverFansResponse,
  driversQuery,
  driversResponse,
  seasonQuery,
  teamsResponse,
} from '@slipstream/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { parseInput } from '../../../lib/validation';
import { keptReads } from '../../../lib/cache';
import { CACHE_CONTROL, clockKey, currentSeason, f1Context, sendJson } from '../context';
import type { F1Context } from '../context';
import { COMMUNITY_KEEP_MS, noCommunityFacts, withDriverCommunity, withTeamCommunity, type CommunityFacts } from './community';
import { driverDetail, seasonDrivers, seasonTeams } from './service';
import { endpointRoute, readerRoute } from '../../../lib/endpoints';

export type StandingsOptions = AppDeps & { community?: CommunityFacts };

/** Team and driver standings of the featured season (or ?season=), a driver's season, the fans per driver. */
export const standingsRoutes: FastifyPluginAsync<StandingsOptions> = async (app, { community = noCommunityFacts, ...deps }) => {
  // The cached facts with the community's counts merged in, checked and serialised once and then reused as the
  // counts are (COMMUNITY_KEEP_MS, under one data revision), instead of once per request.
  const merged = keptReads<string>(deps.revision, { keepMs: COMMUNITY_KEEP_MS });
  const mergedJson = <S extends z.ZodType>(ctx: F1Context, key: (string | number)[], schema: S, compute: () => Promise<z.input<S>>) =>
    merged.read(clockKey(ctx, ...key), async () => JSON.stringify(schema.parse(await compute())));

  readerRoute(app, 'teams', async ({ query: input }) => {
    const query = parseInput(seasonQuery, input);
    const ctx = f1Context(deps);
    const season = query.season ?? (await currentSeason(ctx));
    const json = await mergedJson(ctx, ['teams+community', season], teamsResponse, async () => withTeamCommunity(community, season, await seasonTeams(ctx, season)));
    return { json, cacheControl: CACHE_CONTROL.community };
  });

  readerRoute(app, 'drivers', async ({ query: input }) => {
    const query = parseInput(driversQuery, input);
    const ctx = f1Context(deps);
    const season = query.season ?? (await currentSeason(ctx));
    const json = await mergedJson(ctx, ['drivers+community', season, query.order], driversResponse, async () => {
      const bestFirst = await withDriverCommunity(community, season, await seasonDrivers(ctx, season));
      return query.order === 'asc' ? bestFirst : bestFirst.reverse();
    });
    return { json, cacheControl: CACHE_CONTROL.community };
  });

  readerRoute(app, 'driver', async ({ params, query: input }) => {
    const { code } = parseInput(driverCodeParams, params);
    const query = parseInput(seasonQuery, input);
    const ctx = f1Context(deps);
    const season = query.season ?? (await currentSeason(ctx));
    const json = await mergedJson(ctx, ['driver+community', season, code], driverDetailResponse, async () =>
      withDriverCommunity(community, season, [await driverDetail(ctx, season, code)]),
    );
    return { json, cacheControl: CACHE_CONTROL.community };
  });

  endpointRoute(app, 'driverFans', async (_request, reply) => {
    const json = await merged.read('driver-fans', async () => JSON.stringify(driverFansResponse.parse(await community.driverFans())));
    return sendJson(reply, json, CACHE_CONTROL.community);
  });
};
