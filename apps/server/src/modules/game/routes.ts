import type { FastifyPluginAsync } from 'fastify';
import { leaderboardResponse, playerBestResponse, reactionTimeRequest, reactionTimeResponse } from '@slipstream/contract';
import type { AppDeps } from '../../app';
import { parseInput } from '../../lib/validation';
import { currentUser } from '../auth/guard';
import { leaderboard, playerBest, recordReactionTime } from './service';

/** The reaction game: a public leaderboard; reading and saving one's own best needs a signed-in user. */
export const gameRoutes: FastifyPluginAsync<AppDeps> = async (app, { database }) => {
  const { db } = database;

  app.get('/reaction-game/leaderboard', async (_request, reply) =>
    // Changes with every new best: revalidated each time (the ETag makes that cheap).
    reply.header('cache-control', 'no-cache').send(leaderboardResponse.parse(await leaderboard(db))),
  );

  app.get('/reaction-game/me', { preHandler: app.requireUser }, async (request, reply) =>
    reply.header('cache-control', 'private, no-store').send(playerBestResponse.parse(await playerBest(db, currentUser(request).id))),
  );

  app.post('/reaction-game/times', { preHandler: app.requireUser }, async (request, reply) => {
    const { reactionMs } = parseInput(reactionTimeRequest, request.body);
    const result = await recordReactionTime(db, currentUser(request).id, reactionMs, new Date());
    return reply.header('cache-control', 'no-store').send(reactionTimeResponse.parse(result));
  });
};
