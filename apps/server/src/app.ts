import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { OAUTH_RETURN_PATH } from '@slipstream/contract';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { AppDeps } from './deps';
import { dataRevision, lastGoodAnswers, lastGoodPlugin, memoryCache, microCache, microCachedServer, microCachePlugin, sharedCache } from './lib/cache';
import { decorateEndpointReaders } from './lib/endpoints';
import { databaseHttpError, HttpError, isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './lib/errors';
import { inProcessEventBus, sharedEventBus } from './lib/events';
import { localJobLock, redisJobLock } from './lib/job-lock';
import { freshnessJobs, type FreshnessJobs } from './ingest/sources/jobs';
import { feedStatusBoard, liveTimingFeed } from './ingest/livetiming/feed';
import { adminRoutes } from './modules/admin/routes';
import { newsRoutes } from './modules/news/routes';
import { newsServiceFor } from './modules/news/service';
import { f1Routes } from './modules/f1/routes';
import { authenticationPlugin } from './modules/auth/guard';
import { authRoutes } from './modules/auth/routes';
import { mailPlugin } from './modules/mail/plugin';
import { favouritesCommunity } from './modules/profile/community';
import { adminPeopleRoutes } from './modules/admin/people/routes';
import { withAdminPictures } from './modules/admin/people/community';
import { profileRoutes, uploadsRoutes } from './modules/profile/routes';
import { liveRoutes } from './modules/live/routes';
import { createLiveTower } from './modules/live/timing/live-tower';
import { storeFeedClassification } from './ingest/provisional/from-feed';
import { healthRoutes } from './modules/health/routes';
import { testHookRoutes } from './modules/test-hooks/routes';
import { votesRoutes } from './modules/votes/routes';
import { gameRoutes } from './modules/game/routes';
import { historyRoutes } from './modules/history/routes';
import { triviaRoutes } from './modules/trivia/routes';
import { seasonEventsRoutes } from './modules/admin/season-events/routes';
import { compareRoutes } from './modules/compare/routes';
import { titleFightRoutes } from './modules/title-fight/routes';
import { pageHtmlSender, seoRoutes } from './modules/seo/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs that keep the F1 facts current (the start's first download uses the release sync's). */
    freshness: FreshnessJobs;
  }
}

/**
 * Builds the whole server without listening, so tests can inject requests. Without a cache, an in-process LRU
 * (or the Redis one when a Redis link is given); without an event bus, likewise; without a data revision, one
 * following the database's commits and the bus.
 */
export async function buildApp(
  options: Omit<AppDeps, 'cache' | 'events' | 'revision'> & Partial<Pick<AppDeps, 'cache' | 'events' | 'revision'>>,
): Promise<FastifyInstance> {
  const { redis, database } = options;
  const events = options.events ?? (redis ? sharedEventBus(redis) : inProcessEventBus());
  const inProcessCache = memoryCache({ maxBytes: options.config.cacheBytes.answers });
  const deps: AppDeps = {
    ...options,
    cache: options.cache ?? (redis ? sharedCache(redis, inProcessCache) : inProcessCache),
    events,
    revision: options.revision ?? dataRevision({ commits: database.commits, events, redis }),
  };
  const { config } = deps;
  const answers = deps.microCache ?? microCache({ revision: deps.revision });
  const lastGood = lastGoodAnswers({ maxBytes: config.cacheBytes.lastGood });
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // A client sending its request a byte at a time would otherwise hold a connection for Node's 5 minutes.
    requestTimeout: config.requestTimeoutMs,
    trustProxy: config.trustProxy,
    serverFactory: microCachedServer(answers),
  });
  redis?.useLogger(app.log);
  if (!options.revision) app.addHook('onClose', async () => deps.revision.close());
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
        // The service worker (/sw.js) and the web app manifest come from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
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
  // After compress and etag, so it sees the answer as they leave it.
  await app.register(microCachePlugin, { cache: answers });
  await app.register(lastGoodPlugin, { lastGood });
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
    if (isUnstorableText(error)) return reply.status(400).send({ message: UNSTORABLE_TEXT_MESSAGE });
    const databaseError = databaseHttpError(error);
    if (databaseError) {
      // The database is unreachable, or its statement ran over the timeout: a read answered before stands.
      if (lastGood.answer(request, reply)) return reply;
      request.log.warn({ err: { message: (error as Error).message } }, databaseError.message);
      return reply.status(databaseError.statusCode).headers(databaseError.headers).send({ message: databaseError.message });
    }
    request.log.error(error);
    return reply.status(500).send({ message: 'Internal server error' });
  });

  decorateEndpointReaders(app);
  await app.register(healthRoutes, { prefix: '/api', ...deps });
  if (config.testHooks) await app.register(testHookRoutes, { prefix: '/api', ...deps });
  const news = newsServiceFor(config, deps.database.db, deps.revision);
  // The jobs that keep results current run once the server is ready, and are stopped before the database closes;
  // with a shared Redis, one instance at a time runs each.
  const jobLock = redis ? redisJobLock(redis) : localJobLock;
  const freshness = freshnessJobs({ ...deps, db: deps.database.db, importDb: deps.database.untimed, jobLock }, app.log);
  app.decorate('freshness', freshness);
  app.addHook('onReady', async () => freshness.start());
  app.addHook('onClose', async () => freshness.stop());
  await app.register(newsRoutes, { prefix: '/api', ...deps, news, adminGuard: deps.adminGuard ?? app.requireAdmin });
  await app.register(adminRoutes, { prefix: '/api', ...deps, news, freshness, adminGuard: deps.adminGuard ?? app.requireAdmin });
  await app.register(f1Routes, { prefix: '/api', ...deps, community: withAdminPictures(deps.database.db, deps.revision, favouritesCommunity(deps.database.db, deps.revision)) });
  await app.register(adminPeopleRoutes, { prefix: '/api', ...deps, adminGuard: deps.adminGuard ?? app.requireAdmin });
  // Every instance's tower follows the feed (or its relay) and streams to its own pages; only the instance holding
  // the feed stores the final tower, so it is stored once per deployment.
  const speaksForFeed = () => feed.holding;
  const liveTower =
    deps.liveTower ??
    createLiveTower({
      onEnd: async (ended) => {
        if (!speaksForFeed()) return;
        await storeFeedClassification({ db: deps.database.db, events: deps.events, log: app.log }, ended).then(
          () => undefined,
          (error: unknown) => app.log.warn({ err: error, session: ended.session.path }, 'live timing: the final tower could not be stored'),
        );
      },
    });
  const feedStatus = feedStatusBoard({ clock: deps.clock, redis, enabled: config.liveTimingFeed });
  const feed = liveTimingFeed({ ...deps, db: deps.database.db, sink: liveTower.sink, log: app.log, status: feedStatus });
  app.addHook('onReady', async () => feed.start());
  app.addHook('onClose', async () => feed.stop());
  app.addHook('onClose', async () => liveTower.close());
  await app.register(liveRoutes, { prefix: '/api', ...deps, liveTower, feedStatus });
  await app.register(authRoutes, { prefix: '/api', ...deps });
  await app.register(profileRoutes, { prefix: '/api', ...deps });
  await app.register(votesRoutes, { prefix: '/api', ...deps });
  await app.register(uploadsRoutes, deps);
  await app.register(gameRoutes, { prefix: '/api', ...deps });
  await app.register(historyRoutes, { prefix: '/api', ...deps });
  await app.register(triviaRoutes, { prefix: '/api', ...deps });
  await app.register(seasonEventsRoutes, { prefix: '/api', ...deps });
  await app.register(compareRoutes, { prefix: '/api', ...deps });
  await app.register(titleFightRoutes, { prefix: '/api', ...deps });

  await app.register(seoRoutes, deps);

  registerWebApp(app, deps);
  return app;
}

/** The service worker script at the root: the browser must ask for it each time, so an update is seen at once. */
const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Hashed assets never change; the service worker and the page shell (which names this build's assets) are
 * always revalidated, so a deploy is seen on the next load; the rest may be five minutes old.
 */
function staticCacheControl(relativePath: string): string {
  if (relativePath === SERVICE_WORKER_FILE || relativePath === 'index.html') return 'no-cache';
  if (relativePath.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

/**
 * Serves the built SPA; any non-API path that is not a file gets index.html (history mode), with the page's
 * own head tags written in (modules/seo).
 */
function registerWebApp(app: FastifyInstance, deps: AppDeps) {
  const { webDistDir } = deps.config;
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebBuild = fs.existsSync(indexFile);
  const sendPageHtml = pageHtmlSender(app, deps, indexFile);
  if (hasWebBuild) {
    app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', staticCacheControl(path.relative(webDistDir, filePath)));
        if (filePath.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json; charset=utf-8');
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
    return sendPageHtml(request, reply.header('cache-control', 'no-cache'));
  });
}
