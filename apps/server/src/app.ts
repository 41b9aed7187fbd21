import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler, type RouteOptions } from 'fastify';
import { OAUTH_RETURN_PATH } from '@slipstream/contract';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Database } from './db/client';
import { memoryCache, type Cache } from './lib/cache';
import type { Clock } from './lib/clock';
import { HttpError } from './lib/errors';
import { inProcessEventBus, type EventBus } from './lib/events';
import { newsRoutes } from './modules/news/routes';
import { f1Routes } from './modules/f1/routes';
import { authenticationPlugin } from './modules/auth/guard';
import { authRoutes } from './modules/auth/routes';
import { mailPlugin } from './modules/mail/plugin';
import { favouritesCommunity } from './modules/profile/community';
import { profileRoutes, uploadsRoutes } from './modules/profile/routes';
import { liveRoutes } from './modules/live/routes';
import { systemRoutes } from './modules/system/routes';
import { votesRoutes } from './modules/votes/routes';
import { gameRoutes } from './modules/game/routes';
import { historyRoutes } from './modules/history/routes';
import { triviaRoutes } from './modules/trivia/routes';

export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  cache: Cache;
  /** Tells open pages (server-sent events) that new results were stored. */
  events: EventBus;
  /** The preHandler of the admin-only endpoints; unset, the signed-in admin check (requireAdmin). */
  adminGuard?: preHandlerAsyncHookHandler;
  /** Told of every route as it is added (the hostile-input tests enumerate the whole API with it). */
  onRoute?: (route: RouteOptions) => void;
};


/**
 * Builds the whole server without listening, so tests can inject requests. Without a cache, an in-process LRU;
 * without an event bus, an in-process one.
 */
export async function buildApp(options: Omit<AppDeps, 'cache' | 'events'> & { cache?: Cache; events?: EventBus }): Promise<FastifyInstance> {
  const deps: AppDeps = { ...options, cache: options.cache ?? memoryCache(), events: options.events ?? inProcessEventBus() };
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for the preview of a photo chosen for upload.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    hsts: config.env === 'production',
    crossOriginEmbedderPolicy: false,
    // Pages keep popups they open (the Google/GitHub sign-in); the popup's own pages opt out (auth routes).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(etag);
  await app.register(cookie);
  await app.register(mailPlugin, deps);
  await app.register(authenticationPlugin, deps);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(error.code ? { message: error.message, code: error.code } : { message: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: (error as Error).message || 'Bad request' });
    }
    request.log.error(error);
    return reply.status(500).send({ message: 'Internal server error' });
  });

  await app.register(systemRoutes, { prefix: '/api', ...deps });
  await app.register(newsRoutes, { prefix: '/api', ...deps, adminGuard: deps.adminGuard ?? app.requireAdmin });
  await app.register(f1Routes, { prefix: '/api', ...deps, community: favouritesCommunity(deps.database.db) });
  await app.register(liveRoutes, { prefix: '/api', ...deps });
  await app.register(authRoutes, { prefix: '/api', ...deps });
  await app.register(profileRoutes, { prefix: '/api', ...deps });
  await app.register(votesRoutes, { prefix: '/api', ...deps });
  await app.register(uploadsRoutes, deps);
  await app.register(gameRoutes, { prefix: '/api', ...deps });
  await app.register(historyRoutes, { prefix: '/api', ...deps });
  await app.register(triviaRoutes, { prefix: '/api', ...deps });

  registerWebApp(app, config.webDistDir);
  return app;
}

/** Serves the built SPA; any non-API path that is not a file gets index.html (history mode). */
function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebBuild = fs.existsSync(indexFile);
  if (hasWebBuild) {
    app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isUpload = request.url.startsWith('/uploads/');
    if (isApi || isUpload || request.method !== 'GET') return reply.status(404).send({ message: 'Not found' });
    if (!hasWebBuild) return reply.status(503).send({ message: 'The web app is not built: run npm run build' });
    // Where Google and GitHub sign-ins end: in the sign-in popup this page must keep its link to the opener.
    if (new URL(request.url, 'http://site').pathname === OAUTH_RETURN_PATH) reply.header('cross-origin-opener-policy', 'unsafe-none');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
