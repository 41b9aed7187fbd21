import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { setClockRequest, signUpRequest, type HealthResponse, type MetaResponse, type TestUserResponse, type TimeResponse } from '@slipstream/contract';
import type { AppDeps } from '../../app';
import { isAdjustable } from '../../lib/clock';
import { parseInput } from '../../lib/validation';
import { passwordPolicy } from '../auth/passwords';
import { featuredSeason, latestDataVersion } from './service';
import { createConfirmedUser } from './test-users';

export const systemRoutes: FastifyPluginAsync<AppDeps> = async (app, { database, clock, config }) => {
  app.get('/time', async (_request, reply): Promise<TimeResponse> => {
    reply.header('cache-control', 'no-store');
    return { now: clock.now().toISOString(), pinned: clock.pinned };
  });

  app.get('/meta', async (_request, reply): Promise<MetaResponse> => {
    // Revalidated (ETag) on every fetch: a page told of new results by the event stream must not reread an old copy.
    reply.header('cache-control', 'no-cache');
    return {
      featuredSeason: await featuredSeason(database.db, clock, config.seasonOverride),
      dataVersion: await latestDataVersion(database.db),
    };
  });

  app.get('/health', async (_request, reply): Promise<HealthResponse> => {
    reply.header('cache-control', 'no-store');
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: 'up' };
    } catch {
      return reply.status(503).send({ status: 'degraded', database: 'down' });
    }
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
