import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import {
  newsItemCreate,
  newsItemParams,
  newsItemUpdate,
  newsListQuery,
  officialNewsQuery,
  raceFansNewsQuery,
} from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { startNewsScheduler, type NewsScheduler } from '../../ingest/news/scheduler';
import { parseInput } from '../../lib/validation';
import { newsFetchLimits, type NewsService } from './service';
import { endpointRoute } from '../../lib/endpoints';

export type NewsRoutesOptions = AppDeps & {
  /** Guards the admin write endpoints (requireAdmin in the app; a stand-in in tests). */
  adminGuard: preHandlerAsyncHookHandler;
  /** Shared with the admin dashboard, whose news refresh must clear the same remembered answers. */
  news: NewsService;
};

/** Lists change at most every few minutes; clients revalidate with the ETag after that. */
const LIST_CACHE_CONTROL = 'public, max-age=60';

export const newsRoutes: FastifyPluginAsync<NewsRoutesOptions> = async (app, { config, database, adminGuard, news }) => {
  const limits = newsFetchLimits(config);

  if (config.newsRefresh) {
    let scheduler: NewsScheduler | undefined;
    app.addHook('onReady', async () => {
      scheduler = startNewsScheduler({
        db: database.db,
        feeds: config.newsFeeds,
        limits,
        log: app.log,
      });
    });
    app.addHook('onClose', async () => scheduler?.stop());
  }

  endpointRoute(app, 'officialNews', async (request, reply) => {
    const { limit } = parseInput(officialNewsQuery, request.query);
    reply.header('cache-control', LIST_CACHE_CONTROL);
    return news.officialNews(limit);
  });

  endpointRoute(app, 'raceFansNews', async (request, reply) => {
    const { limit } = parseInput(raceFansNewsQuery, request.query);
    reply.header('cache-control', LIST_CACHE_CONTROL);
    return news.raceFansNews(limit);
  });

  endpointRoute(app, 'news', async (request, reply) => {
    const query = parseInput(newsListQuery, request.query);
    reply.header('cache-control', LIST_CACHE_CONTROL);
    return news.list(query);
  });

  endpointRoute(app, 'newsSources', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return news.sources();
  });

  endpointRoute(app, 'adminNewsRefresh', { preHandler: adminGuard }, async () => news.refreshNow());

  endpointRoute(app, 'addNewsItem', { preHandler: adminGuard }, async (request, reply) => {
    const item = await news.create(parseInput(newsItemCreate, request.body));
    return reply.status(201).send(item);
  });

  endpointRoute(app, 'updateNewsItem', { preHandler: adminGuard }, async (request) => {
    const { id } = parseInput(newsItemParams, request.params);
    return news.update(id, parseInput(newsItemUpdate, request.body));
  });

  endpointRoute(app, 'deleteNewsItem', { preHandler: adminGuard }, async (request, reply) => {
    const { id } = parseInput(newsItemParams, request.params);
    await news.remove(id);
    return reply.status(204).send();
  });
};
