import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  setClockRequest,
  signUpRequest,
  type HealthResponse,
  type MetaResponse,
  type ReadyResponse,
  type TestUserResponse,
  type TimeResponse,
} from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { isAdjustable } from '../../lib/clock';
import { lastGoodAnswers } from '../../lib/cache';
import { parseInput } from '../../lib/validation';
import { passwordPolicy } from '../auth/passwords';
import { featuredSeason, latestDataVersion } from './service';
import { createConfirmedUser } from './test-users';

export const systemRoutes: FastifyPluginAsync<AppDeps> = async (app, { database, clock, config, redis }) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const databaseStatus = async () => {
    try {
      await database.db.execute(sql`select 1`);
      return 'up' as const;
    } catch {
      return 'down' as const;
    }
  };
  const redisStatus = () => (redis ? (redis.available ? 'up' : 'down') : 'off');

  app.get('/time', async (_request, reply): Promise<TimeResponse> => {
    reply.header('cache-control', 'no-store');
    return { now: clock.now().toISOString(), pinned: clock.pinned };
  });

  // While the database is unreachable the last answer stands, so pages already loaded keep their season.
  const lastGoodMeta = lastGoodAnswers<MetaResponse>(1);
  app.get('/meta', async (_request, reply): Promise<MetaResponse> => {
    // Revalidated (ETag) on every fetch: a page told of new results by the event stream must not reread an old copy.
    reply.header('cache-control', 'no-cache');
    return lastGoodMeta('meta', async () => ({
      featuredSeason: await featuredSeason(database.db, clock, config.seasonOverride),
      dataVersion: await latestDataVersion(database.db),
    }));
  });

  app.get('/health', async (_request, reply): Promise<HealthResponse> => {
    reply.header('cache-control', 'no-store');
    const health: HealthResponse = { status: 'ok', database: await databaseStatus(), redis: redisStatus() };
    if (health.database === 'down' || health.redis === 'down') health.status = 'degraded';
    return reply.status(health.database === 'up' ? 200 : 503).send(health);
  });

  app.get('/ready', async (_request, reply): Promise<ReadyResponse> => {
    reply.header('cache-control', 'no-store');
    const database = await databaseStatus();
    const ready = database === 'up' && !closing;
    return reply.status(ready ? 200 : 503).send({ ready, database, redis: redisStatus() });
  });

  if (config.testHooks && isAdjustable(clock)) {
    app.put('/test/clock', async (request): Promise<TimeResponse> => {
      const { now } = parseInput(setClockRequest, request.body);
      clock.set(now ? new Date(now) : undefined);
      return { now: clock.now().toISOString(), pinned: clock.pinned };
    });
  }

  if (config.testHooks) {
    app.post('/test/users', async (request, reply): Promise<TestUserResponse> => {
      const user = await createConfirmedUser(database.db, parseInput(signUpRequest(passwordPolicy()), request.body));
      reply.status(201);
      return user;
    });
  }
};
