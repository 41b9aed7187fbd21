import type { FastifyPluginAsync } from 'fastify';
import { setClockRequest, signUpRequest, type TestUserResponse, type TimeResponse } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { isAdjustable } from '../../lib/clock';
import { parseInput } from '../../lib/validation';
import { passwordPolicy } from '../auth/passwords';
import { createConfirmedUser } from './test-users';

/** The end-to-end tests' levers, registered only with TEST_HOOKS: move the racing clock, create a confirmed account. */
export const testHookRoutes: FastifyPluginAsync<AppDeps> = async (app, { database, clock }) => {
  if (isAdjustable(clock)) {
    app.put('/test/clock', async (request): Promise<TimeResponse> => {
      const { now } = parseInput(setClockRequest, request.body);
      clock.set(now ? new Date(now) : undefined);
      return { now: clock.now().toISOString(), pinned: clock.pinned };
    });
  }

  app.post('/test/users', async (request, reply): Promise<TestUserResponse> => {
    const user = await createConfirmedUser(database.db, parseInput(signUpRequest(passwordPolicy()), request.body));
    reply.status(201);
    return user;
  });
};
