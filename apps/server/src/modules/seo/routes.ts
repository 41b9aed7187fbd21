import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DARK_MODE_CLASS, renderedPageMeta } from '@slipstream/contract';
import { ENDPOINTS, isSharedAnswer } from '@slipstream/contract/endpoints';
import { PAGE_STATE_ID, pageAt } from '@slipstream/contract/pages';
import type { AppDeps } from '../../deps';
import { keptReads, MB, remember, sendPrepared } from '../../lib/cache';
import { HttpError } from '../../lib/errors';
import { currentSeason, DATA_TTL_SECONDS, dataKey, f1Context, type F1Context } from '../f1/context';
import { seasonDrivers } from '../f1/standings/service';
import { appendToHead, injectHead, renderHead, scriptSafeJson, withRootClass } from './head';
import { normalisePath, pageHead } from './pages';
import { screenFiles, type ScreenFiles, screenPreloadTags } from './preloads';
import { COLOUR_SCHEME_HINT, type EndpointRead, hasSessionHint, type PageState, pagePreparer, type PreparedPage, THEME_HINT_HEADERS, visitorOf, withRenderedApp } from './rendering';
import { allMeetingPaths, robotsTxt, sitemapPaths, sitemapXml } from './sitemap';

/** /robots.txt and /sitemap.xml, at the site's root. */
export const seoRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { publicUrl } = deps.config;

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const ctx = f1Context(deps);
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
 *
 * The page also carries what lets the app show it sooner: its screen's code and styles to preload (preloads.ts),
 * its first reads (rendering.ts), and, for a request without the session cookie, word that there is no session to
 * restore (the app then skips its start-up spinner) and, on the pages with first reads of their own, the page
 * itself rendered. A visitor who chose dark mode gets the page in it from the first paint (the web app's lib/theme
 * keeps the cookie).
 */
export function pageHtmlSender(app: FastifyInstance, deps: AppDeps, indexFile: string) {
  const filesOf = screenFiles(path.dirname(indexFile));
  const preparer = pagePreparer(deps.config.webSsrDir);
  // Under load, the visitors of the same kind landing on a page in the same second of the racing clock share it
  // (lib/cache/kept.ts), and its ETag and compressed bytes (lib/cache/prepared.ts).
  const recentPages = keptReads<PageHtml>(deps.revision, { keepMs: PAGE_KEEP_MS, maxKeys: KEPT_PAGES, maxBytes: KEPT_PAGES_BYTES });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = deps.clock.now().getTime();
    const key = JSON.stringify([request.url, visitorOf(request), hasSessionHint(request), Math.floor(now / 1000)]);
    const page = await recentPages.read(key, () => pageHtml(request, now));
    // The session hint, the theme and the time zone come from cookies (the theme on a first visit from the colour
    // scheme hint): a shared cache must not give one visitor's page to another.
    reply.headers({ vary: `cookie, ${COLOUR_SCHEME_HINT}`, ...THEME_HINT_HEADERS });
    return sendPrepared(reply.status(page.status), page.html, 'text/html; charset=utf-8');
  };

  async function pageHtml(request: FastifyRequest, now: number): Promise<PageHtml> {
    const pathname = normalisePath(new URL(request.url, 'http://site').pathname);
    const files = filesOf(pageAt(pathname).page);
    const prepared = await preparedPage(request, now);
    const indexHtml = withStartTags(await fs.readFile(indexFile, 'utf8'), request);
    const stateTag = prepared ? pageStateTag(prepared.state) : '';
    const rendered = prepared?.render && !hasSessionHint(request) ? renderedPage(indexHtml, { request, now, render: prepared.render, files, headTags: [stateTag] }) : undefined;
    const html = rendered ?? appendToHead(indexHtml, [...screenPreloadTags(files), stateTag]);
    try {
      const head = await pageHead(f1Context(deps), deps.config.publicUrl, pathname);
      return { status: head.status, html: injectHead(html, renderHead(head, deps.config.publicUrl)) };
    } catch (error) {
      request.log.error(error);
      return { status: 200, html };
    }
  }

  /** The page's first reads, and its rendering when it has one; undefined without the server build or on failure. */
  async function preparedPage(request: FastifyRequest, now: number): Promise<PreparedPage | undefined> {
    try {
      const preparePage = await preparer();
      return await preparePage?.({ url: request.url, now, readEndpoint: endpointReads(app) });
    } catch (error) {
      request.log.warn(error, 'the page goes without its first reads');
      return undefined;
    }
  }
}

/** The page rendered by the web app; undefined (the page goes unrendered, the app renders it) if that fails. */
function renderedPage(indexHtml: string, page: { request: FastifyRequest; now: number; render: NonNullable<PreparedPage['render']>; files: ScreenFiles; headTags: string[] }) {
  const { request, now, render, files, headTags } = page;
  try {
    const visitor = visitorOf(request);
    return withRenderedApp(indexHtml, { app: render(visitor), renderedAt: now, visitor, files, headTags });
  } catch (error) {
    request.log.error(error, 'the page goes unrendered');
    return undefined;
  }
}

type PageHtml = { status: number; html: string };

/** A page is kept for a second at most, and dropped at once when the data revision moves. */
const PAGE_KEEP_MS = 1000;
const KEPT_PAGES = 256;
const KEPT_PAGES_BYTES = 8 * MB;

/** The theme class and the session hint, by the request's cookies (and colour scheme hint). */
function withStartTags(indexHtml: string, request: FastifyRequest): string {
  const themed = visitorOf(request).darkMode ? withRootClass(indexHtml, DARK_MODE_CLASS) : indexHtml;
  const sessionHint = hasSessionHint(request) ? '' : `<meta name="${renderedPageMeta.session}" content="none">`;
  return appendToHead(themed, [sessionHint]);
}

/** Data, not script: the CSP (script-src 'self') lets the page carry it. */
function pageStateTag(state: PageState): string {
  if (state.queries.length === 0) return '';
  return `<script type="application/json" id="${PAGE_STATE_ID}">${scriptSafeJson(state)}</script>`;
}

/** Answers above this size stay out of the page: the app asks for them as usual. */
const PAGE_ANSWERS_BUDGET_BYTES = 256 * 1024;

/**
 * The API as a page's first reads may use it: the endpoints' readers, called in-process (lib/endpoints.ts), only
 * for answers that are the same for every visitor (by the registry's cache class and the answer's Cache-Control),
 * and up to the page's budget. A read that fails is not carried: the browser reads it and shows what it gets.
 */
function endpointReads(app: FastifyInstance): EndpointRead {
  let bytes = 0;
  return async (name, params, query) => {
    const reader = app.endpointReaders.get(name);
    if (!reader || !isSharedAnswer(ENDPOINTS[name].cache)) return undefined;
    const answer = await reader({ params: asText(params), query: asText(query), headers: {} }).catch(() => undefined);
    if (!answer || /private|no-store/.test(answer.cacheControl) || bytes + answer.json.length > PAGE_ANSWERS_BUDGET_BYTES) return undefined;
    bytes += answer.json.length;
    return JSON.parse(answer.json) as unknown;
  };
}

/** Parameters and query as a request would carry them. */
function asText(values: Record<string, string | number | boolean | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
}
