import type { FastifyPluginAsync } from 'fastify';
import { adminSessionParams, seasonEventsQuery, sessionAdd, sessionCancel, sessionTimeInput } from '@slipstream/contract';
import type { AppDeps } from '../../../deps';
import { endpointRoute } from '../../../lib/endpoints';
import { parseInput } from '../../../lib/validation';
import { currentUser } from '../../auth/guard';
import { addSession, cancelSession, deleteSession, moveSession, revertSession, seasonEvents } from './service';

/**
 * /api/admin/season-events: a season's meetings and sessions, and the admin's changes to them. Every route
 * checks the admin role; every write records its audit entry in the same transaction (service.ts).
 */
export const seasonEventsRoutes: FastifyPluginAsync<AppDeps> = async (app, { database, clock }) => {
  const db = database.db;
  const preHandler = app.requireAdmin;

  endpointRoute(app, 'seasonEvents', { preHandler }, async (request, reply) => {
    const { season } = parseInput(seasonEventsQuery, request.query);
    reply.header('cache-control', 'no-store');
    return seasonEvents(db, clock, season);
  });

  endpointRoute(app, 'addSession', { preHandler }, async (request, reply) => {
    await addSession(db, clock, currentUser(request), parseInput(sessionAdd, request.body));
    return reply.status(204).send();
  });

  endpointRoute(app, 'moveSession', { preHandler }, async (request, reply) => {
    const params = parseInput(adminSessionParams, request.params);
    await moveSession(db, clock, currentUser(request), params, parseInput(sessionTimeInput, request.body));
    return reply.status(204).send();
  });

  endpointRoute(app, 'setSessionCancelled', { preHandler }, async (request, reply) => {
    const params = parseInput(adminSessionParams, request.params);
    const { cancelled } = parseInput(sessionCancel, request.body);
    await cancelSession(db, clock, currentUser(request), params, cancelled);
    return reply.status(204).send();
  });

  endpointRoute(app, 'deleteSession', { preHandler }, async (request, reply) => {
    await deleteSession(db, clock, currentUser(request), parseInput(adminSessionParams, request.params));
    return reply.status(204).send();
  });

  endpointRoute(app, 'revertSession', { preHandler }, async (request, reply) => {
    await revertSession(db, clock, currentUser(request), parseInput(adminSessionParams, request.params));
    return reply.status(204).send();
  });
};
