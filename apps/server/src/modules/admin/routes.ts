import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import {
  adminJobParams,
  adminUserParams,
  adminUsersQuery,
  auditQuery,
  roleChangeRequest,
  sourceCheckParams,
  testMailRequest,
  userDeleteRequest,
  type AdminJob,
  type AdminUser,
  type AdminUsersResponse,
  type AuditResponse,
  type DataStatusResponse,
  type DiagnosticsResponse,
  type NewsRefreshResponse,
  type RecomputeStandingsResponse,
  type SourceCheckResponse,
  type SourcesResponse,
  type TestMailResponse,
} from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import type { FreshnessJobs } from '../../ingest/sources/jobs';
import { HttpError, notFound } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { currentUser } from '../auth/guard';
import type { NewsService } from '../news/service';
import { diskPhotoStorage, uploadsDir } from '../profile/storage';
import { recordAudit } from './audit';
import { listAudit } from './audit-log';
import { runDiagnostics } from './diagnostics';
import { currentF1dbTree } from '../../ingest/f1db/release';
import { reimportJobs } from './jobs';
import { checkSourceNow, sourcesOverview } from './sources';
import { dataStatus, recomputeStandings } from './status';
import { changeRole, deleteUser, listUsers } from './users';
import { endpointRoute } from '../../lib/endpoints';

export type AdminRoutesOptions = AppDeps & {
  /** requireAdmin in the app. Every route here checks it, so it is a hook on the whole plugin. */
  adminGuard: preHandlerAsyncHookHandler;
  news: NewsService;
  /** The F1DB release sync and the live-timing job, for their state and "Check now". */
  freshness: FreshnessJobs;
};

/** The admin dashboard's API under /api/admin: data status and actions, users, audit log, diagnostics. */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, deps) => {
  const { config, database, clock, adminGuard, news, freshness } = deps;
  const db = database.db;
  const jobs = reimportJobs({ db, dir: () => currentF1dbTree(config), clock, events: deps.events });
  const storage = diskPhotoStorage(uploadsDir(config.dataDir));

  app.addHook('preHandler', adminGuard);
  app.addHook('onClose', () => jobs.idle());

  endpointRoute(app, 'adminStatus', async (_request, reply): Promise<DataStatusResponse> => {
    reply.header('cache-control', 'no-store');
    return dataStatus(db, config.newsFeeds);
  });

  endpointRoute(app, 'startReimport', async (request, reply): Promise<AdminJob> => {
    const job = jobs.start(currentUser(request));
    return reply.status(202).header('location', `/api/admin/jobs/${job.id}`).send(job);
  });

  endpointRoute(app, 'adminJob', async (request, reply): Promise<AdminJob> => {
    const job = jobs.get(parseInput(adminJobParams, request.params).id);
    if (!job) throw notFound('No such job (finished jobs are forgotten when the server restarts)');
    reply.header('cache-control', 'no-store');
    return job;
  });

  endpointRoute(app, 'refreshNewsNow', async (request): Promise<NewsRefreshResponse> => {
    const result = await news.refreshNow();
    // The feeds' writes are the ingestion's own; the entry records who asked and what came of it.
    await db.transaction((tx) =>
      recordAudit(tx, {
        actor: currentUser(request),
        at: clock.now(),
        action: 'news.refresh',
        target: { type: 'news', id: 'all' },
        after: result,
      }),
    );
    return result;
  });

  endpointRoute(app, 'adminSources', async (_request, reply): Promise<SourcesResponse> => {
    reply.header('cache-control', 'no-store');
    return sourcesOverview(db, freshness);
  });

  endpointRoute(app, 'checkSourceNow', async (request): Promise<SourceCheckResponse> => {
    const { source } = parseInput(sourceCheckParams, request.params);
    return checkSourceNow(db, freshness, source, currentUser(request), clock);
  });

  endpointRoute(app, 'recomputeStandings', async (request): Promise<RecomputeStandingsResponse> =>
    recomputeStandings(db, currentUser(request), clock),
  );

  endpointRoute(app, 'adminUsers', async (request, reply): Promise<AdminUsersResponse> => {
    reply.header('cache-control', 'no-store');
    return listUsers(db, parseInput(adminUsersQuery, request.query));
  });

  endpointRoute(app, 'setUserRole', async (request): Promise<AdminUser> => {
    const { id } = parseInput(adminUserParams, request.params);
    const { role } = parseInput(roleChangeRequest, request.body);
    return changeRole(db, clock, currentUser(request), id, role);
  });

  endpointRoute(app, 'deleteUser', async (request, reply) => {
    const { id } = parseInput(adminUserParams, request.params);
    const { confirmEmail } = parseInput(userDeleteRequest, request.body);
    await deleteUser(db, storage, clock, currentUser(request), id, confirmEmail);
    return reply.status(204).send();
  });

  endpointRoute(app, 'auditLog', async (request, reply): Promise<AuditResponse> => {
    reply.header('cache-control', 'no-store');
    return listAudit(db, parseInput(auditQuery, request.query));
  });

  endpointRoute(app, 'diagnostics', async (_request, reply): Promise<DiagnosticsResponse> => {
    reply.header('cache-control', 'no-store');
    return runDiagnostics({ config, database, cache: deps.cache, mailer: app.mailer }, new Date());
  });

  endpointRoute(app, 'sendTestMail', async (request): Promise<TestMailResponse> => {
    const actor = currentUser(request);
    const to = parseInput(testMailRequest, request.body ?? {}).to ?? actor.email;
    try {
      await app.mailer.send(testMail(to, actor.email));
    } catch (error) {
      throw new HttpError(502, `The test mail could not be sent: ${error instanceof Error ? error.message : String(error)}`);
    }
    await db.transaction((tx) =>
      recordAudit(tx, { actor, at: clock.now(), action: 'mail.test', target: { type: 'mail', id: to }, after: { transport: app.mailer.kind } }),
    );
    const where = app.mailer.kind === 'smtp' ? 'handed to the SMTP server' : 'written to the development outbox';
    return { to, transport: app.mailer.kind, message: `A test mail to ${to} was ${where}.` };
  });
};

function testMail(to: string, requestedBy: string) {
  const text = `This is a test mail from Slipstream's diagnostics page, sent at the request of ${requestedBy}. If you can read it, mail works.`;
  return { to, subject: 'Slipstream test mail', text, html: `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>` };
}
