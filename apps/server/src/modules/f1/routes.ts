import type { FastifyPluginAsync } from 'fastify';
import { analysisRoutes } from './analysis/routes';
import { calendarRoutes } from './calendar/routes';
import { circuitRoutes } from './circuits/routes';
import { ergastRoutes } from './ergast/routes';
import { flagRoutes } from './flags/routes';
import { icalendarRoutes } from './ical/routes';
import { resultsRoutes } from './results/routes';
import { standingsRoutes, type StandingsOptions } from './standings/routes';
import { trackRoutes } from './track/routes';

/** The F1 read API, one plugin per concern. */
export const f1Routes: FastifyPluginAsync<StandingsOptions> = async (app, { config, database, clock, cache, events, revision, community }) => {
  const deps = { config, database, clock, cache, events, revision };
  // The F1 API answers for the site's public origin, as the public Ergast API names its own: an answer that names a
  // URL (Ergast's MRData.url) never echoes the Host a client sent, so neither it nor a cache key built from it
  // varies with Host or X-Forwarded-Host.
  const publicOrigin = new URL(config.publicUrl);
  app.addHook('onRequest', async (request) => {
    request.headers.host = publicOrigin.host;
    delete request.headers['x-forwarded-host'];
    request.headers['x-forwarded-proto'] = publicOrigin.protocol.slice(0, -1);
  });
  await app.register(calendarRoutes, deps);
  await app.register(standingsRoutes, { ...deps, community });
  await app.register(resultsRoutes, deps);
  await app.register(analysisRoutes, deps);
  await app.register(ergastRoutes, deps);
  await app.register(circuitRoutes, deps);
  await app.register(trackRoutes, deps);
  await app.register(flagRoutes);
  await app.register(icalendarRoutes, deps);
};
