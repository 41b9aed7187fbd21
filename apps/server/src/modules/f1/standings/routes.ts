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
import type { AppDeps } from '../../../app';
import { parseInput } from '../../../lib/validation';
import { CACHE_CONTROL, currentSeason, f1Context, sendValidated } from '../context';
import { noCommunityFacts, withDriverCommunity, withTeamCommunity, type CommunityFacts } from './community';
import { driverDetail, seasonDrivers, seasonTeams } from './service';

export type StandingsOptions = AppDeps & { community?: CommunityFacts };

/** Team and driver standings of the featured season (or ?season=), a driver's season, the fans per driver. */
export const standingsRoutes: FastifyPluginAsync<StandingsOptions> = async (app, { community = noCommunityFacts, ...deps }) => {
  app.get('/teams', async (request, reply) => {
    const query = parseInput(seasonQuery, request.query);
    const ctx = await f1Context(deps);
    const season = query.season ?? (await currentSeason(ctx));
    const teams = await withTeamCommunity(community, season, await seasonTeams(ctx, season));
    return sendValidated(reply, teamsResponse, teams, CACHE_CONTROL.community);
  });

  app.get('/drivers', async (request, reply) => {
    const query = parseInput(driversQuery, request.query);
    const ctx = await f1Context(deps);
    const season = query.season ?? (await currentSeason(ctx));
    const bestFirst = await withDriverCommunity(community, season, await seasonDrivers(ctx, season));
    return sendValidated(reply, driversResponse, query.order === 'asc' ? bestFirst : bestFirst.reverse(), CACHE_CONTROL.community);
  });

  app.get('/drivers/:code', async (request, reply) => {
    const { code } = parseInput(driverCodeParams, request.params);
    const query = parseInput(seasonQuery, request.query);
    const ctx = await f1Context(deps);
    const season = query.season ?? (await currentSeason(ctx));
    const detail = await withDriverCommunity(community, season, [await driverDetail(ctx, season, code)]);
    return sendValidated(reply, driverDetailResponse, detail, CACHE_CONTROL.community);
  });

  app.get('/favourite-drivers/fans', async (_request, reply) => {
    return sendValidated(reply, driverFansResponse, await community.driverFans(), CACHE_CONTROL.community);
  });
};
