import type { FastifyPluginAsync } from 'fastify';
import { leaderboardResponse, playerBestResponse, reactionStartResponse, reactionTimeRequest, reactionTimeResponse } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { tokenSigner } from '../../lib/signed-token';
import { parseInput } from '../../lib/validation';
import { currentUser } from '../auth/guard';
import { leaderboard, playerBest, recordReactionTime, startRun, timePress } from './service';
import { endpointRoute } from '../../lib/endpoints';

/**
 * The reaction game: a public leaderboard; ranked runs, and reading one's own best, need a signed-in user. The
 * server is the timekeeper of ranked runs (real time, never the racing clock): it issues each start with the
 * lights-out instant and times the press as it arrives.
 */
export const gameRoutes: FastifyPluginAsync<AppDeps> = async (app, { database, config }) => {
  const { db } = database;
  if (!config.sessionSecret) throw new Error('SESSION_SECRET is not set');
  const starts = tokenSigner(config.sessionSecret, 'reaction-start');

  endpointRoute(app, 'reactionLeaderboard', async (_request, reply) =>
    // Changes with every new best: revalidated each time (the ETag makes that cheap).
    reply.header('cache-control', 'no-cache').send(leaderboardResponse.parse(await leaderboard(db))),
  );

  endpointRoute(app, 'myReactionBest', { preHandler: app.requireUser }, async (request, reply) =>
    reply.header('cache-control', 'private, no-store').send(playerBestResponse.parse(await playerBest(db, currentUser(request).id))),
  );

  endpointRoute(app, 'startReactionRun', { preHandler: app.requireUser }, async (request, reply) =>
    reply.status(201).header('cache-control', 'no-store').send(reactionStartResponse.parse(startRun(starts, currentUser(request).id, Date.now()))),
  );

  endpointRoute(app, 'saveReactionTime', { preHandler: app.requireUser }, async (request, reply) => {
    const arrivedAt = Date.now();
    const { start } = parseInput(reactionTimeRequest, request.body);
    const userId = currentUser(request).id;
    const result = await recordReactionTime(db, userId, timePress(starts, userId, start, arrivedAt), new Date(arrivedAt));
    return reply.header('cache-control', 'no-store').send(reactionTimeResponse.parse(result));
  });
};
