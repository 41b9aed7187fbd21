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

export type StandingsOptions = AppDeps & { community?: CommunityFacts };

/** Team and driver standings of the featured season (or ?season=), a driver's season, the fans per driver. */
export const standingsRoutes: FastifyPluginAsync<StandingsOptions> = async (app, { community = noCommunityFacts, ...deps }) => {
  // The cached facts with the community's counts merged in, checked and serialised once and then reused as the
  // counts are (COMMUNITY_KEEP_MS, under one data revision), instead of once per request.
  const merged = keptReads<string>(deps.revision, { keepMs: COMMUNITY_KEEP_MS });
  const mergedJson = <S extends z.ZodType>(ctx: F1Context, key: (string | number)[], schema: S, compute: () => Promise<z.input<S>>) =>
    merged.read(clockKey(ctx, ...key), async () => JSON.stringify(schema.parse(await compute())));

  app.get('/teams', async (request, reply) => {
    const query = parseInput(seasonQuery, request.query);
    const ctx = f1Context(deps);
    const season = query.season ?? (await currentSeason(ctx));
    const json = await mergedJson(ctx, ['teams+community', season], teamsResponse, async () => withTeamCommunity(community, season, await seasonTeams(ctx, season)));
    return sendJson(reply, json, CACHE_CONTROL.community);
  });

  app.get('/drivers', async (request, reply) => {
    const query = parseInput(driversQuery, request.query);
    const ctx = f1Context(deps);
    const season = query.season ?? (await currentSeason(ctx));
    const json = await mergedJson(ctx, ['drivers+community', season, query.order], driversResponse, async () => {
      const bestFirst = await withDriverCommunity(community, season, await seasonDrivers(ctx, season));
      return query.order === 'asc' ? bestFirst : bestFirst.reverse();
    });
    return sendJson(reply, json, CACHE_CONTROL.community);
  });

  app.get('/drivers/:code', async (request, reply) => {
    const { code } = parseInput(driverCodeParams, request.params);
    const query = parseInput(seasonQuery, request.query);
    const ctx = f1Context(deps);
    const season = query.season ?? (await currentSeason(ctx));
    const json = await mergedJson(ctx, ['driver+community', season, code], driverDetailResponse, async () =>
      withDriverCommunity(community, season, [await driverDetail(ctx, season, code)]),
    );
    return sendJson(reply, json, CACHE_CONTROL.community);
  });

  app.get('/favourite-drivers/fans', async (_request, reply) => {
    const json = await merged.read('driver-fans', async () => JSON.stringify(driverFansResponse.parse(await community.driverFans())));
    return sendJson(reply, json, CACHE_CONTROL.community);
  });
};
