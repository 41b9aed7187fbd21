import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse, MetaResponse, ReadyResponse, TimeResponse } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { missingF1Data } from '../../ingest/f1db/first-start';
import { featuredSeason, latestDataVersion } from '../f1/season';
import { endpointRoute, readerRoute } from '../../lib/endpoints';

/** The racing clock, the featured season and whether this instance and its database are up. */
export const healthRoutes: FastifyPluginAsync<AppDeps> = async (app, { database, clock, config, redis }) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const databaseStatus = async () => {
    try {
      await database.ping();
      return 'up' as const;
    } catch {
      return 'down' as const;
    }
  };
  const redisStatus = () => (redis ? (redis.available ? 'up' : 'down') : 'off');

  endpointRoute(app, 'time', async (_request, reply): Promise<TimeResponse> => {
    reply.header('cache-control', 'no-store');
    return { now: clock.now().toISOString(), pinned: clock.pinned };
  });

  // While the database is unreachable the last answer stands (lib/cache/last-good.ts), so pages already loaded keep
  // their season.
  readerRoute(app, 'meta', async () => {
    const missing = await missingF1Data(database.db, config);
    const meta: MetaResponse = {
      featuredSeason: await featuredSeason(database.db, clock, config.seasonOverride),
      dataVersion: await latestDataVersion(database.db),
      ...(missing && { missingF1Data: missing }),
    };
    // Revalidated (ETag) on every fetch: a page told of new results by the event stream must not reread an old copy.
    return { json: JSON.stringify(meta), cacheControl: 'no-cache' };
  });

  endpointRoute(app, 'health', async (_request, reply): Promise<HealthResponse> => {
    reply.header('cache-control', 'no-store');
    const health: HealthResponse = { status: 'ok', database: await databaseStatus(), redis: redisStatus() };
    if (health.database === 'down' || health.redis === 'down') health.status = 'degraded';
    return reply.status(health.database === 'up' ? 200 : 503).send(health);
  });

  endpointRoute(app, 'ready', async (_request, reply): Promise<ReadyResponse> => {
    reply.header('cache-control', 'no-store');
    const database = await databaseStatus();
    const ready = database === 'up' && !closing;
    return reply.status(ready ? 200 : 503).send({ ready, database, redis: redisStatus() });
  });
};
