import fs from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app';
import { remember } from '../../lib/cache';
import { HttpError } from '../../lib/errors';
import { currentSeason, DATA_TTL_SECONDS, dataKey, f1Context, type F1Context } from '../f1/context';
import { seasonDrivers } from '../f1/standings/service';
import { injectHead, renderHead } from './head';
import { pageHead } from './pages';
import { allMeetingPaths, robotsTxt, sitemapPaths, sitemapXml } from './sitemap';

/** /robots.txt and /sitemap.xml, at the site's root. */
export const seoRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { publicUrl } = deps.config;

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const ctx = await f1Context(deps);
    const featuredSeason = await currentSeason(ctx);
    const xml = await remember(ctx.cache, dataKey(ctx, 'sitemap', featuredSeason), DATA_TTL_SECONDS, async () => {
      const [meetingPaths, drivers] = await Promise.all([allMeetingPaths(ctx.db), driversOrNone(ctx, featuredSeason)]);
      return sitemapXml(publicUrl, sitemapPaths({ meetingPaths, driverCodes: drivers.map((d) => d.code), featuredSeason }));
    });
    return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml);
  });
};

/** The featured season's drivers; none when the data has no such season yet (a 404 from the standings). */
async function driversOrNone(ctx: F1Context, season: number) {
  try {
    return await seasonDrivers(ctx, season);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return [];
    throw error;
  }
}

/**
 * Sends the SPA's index.html with the page's own head tags (title, description, canonical, Open Graph,
 * JSON-LD) and status, so crawlers and link previews see them without running the app. Should the data
 * fail, the plain file still serves the page.
 */
export async function sendPageHtml(deps: AppDeps, indexFile: string, request: FastifyRequest, reply: FastifyReply) {
  const html = await fs.readFile(indexFile, 'utf8');
  const pathname = new URL(request.url, 'http://site').pathname;
  try {
    const head = await pageHead(await f1Context(deps), deps.config.publicUrl, pathname);
    return reply.status(head.status).type('text/html; charset=utf-8').send(injectHead(html, renderHead(head, deps.config.publicUrl)));
  } catch (error) {
    request.log.error(error);
    return reply.type('text/html; charset=utf-8').send(html);
  }
}
