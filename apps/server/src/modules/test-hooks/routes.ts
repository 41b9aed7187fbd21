import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { setClockRequest, signUpRequest, type TestUserResponse, type TimeResponse } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { isAdjustable } from '../../lib/clock';
import { parseInput } from '../../lib/validation';
import { passwordPolicy } from '../auth/passwords';
import { createConfirmedUser } from './test-users';

const slowQueryRequest = z.object({ seconds: z.coerce.number().positive().max(60) });

/**
 * The end-to-end tests' levers, registered only with TEST_HOOKS: move the racing clock, create a confirmed account,
 * run a statement that takes seconds.
 */
export const testHookRoutes: FastifyPluginAsync<AppDeps> = async (app, { database, clock }) => {
  if (isAdjustable(clock)) {
    app.put('/test/clock', async (request): Promise<TimeResponse> => {
      const { now } = parseInput(setClockRequest, request.body);
      clock.set(now ? new Date(now) : undefined);
      return { now: clock.now().toISOString(), pinned: clock.pinned };
    });
  }

  // A statement slow on purpose, to show the statement timeout and that the server answers meanwhile.
  app.get('/test/slow-query', async (request) => {
    const { seconds } = parseInput(slowQueryRequest, request.query);
    await database.db.execute(sql`select pg_sleep(${seconds})`);
    return { slept: seconds };
  });

  app.post('/test/users', async (request, reply): Promise<TestUserResponse> => {
    const user = await createConfirmedUser(database.db, parseInput(signUpRequest(passwordPolicy()), request.body));
    reply.status(201);
    return user;
  });
};
