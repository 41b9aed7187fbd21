import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app';
import { remember } from '../../lib/cache';
import { HttpError } from '../../lib/errors';
import { sendPrepared } from '../../lib/prepared';
import { recentReads } from '../../lib/recent-read';
import { currentSeason, DATA_TTL_SECONDS, dataKey, f1Context, type F1Context } from '../f1/context';
import { seasonDrivers } from '../f1/standings/service';
import { appendToHead, injectHead, renderHead, scriptSafeJson, withRootClass } from './head';
import { hasSessionHint, isDrawn, pageDrawer, THEME_COOKIE, visitorOf, withDrawnApp } from './drawing';
import { landingPage, screenFiles, type ScreenFiles, screenPreloadTags, SHELL_ANSWERS } from './landing';
import { normalisePath, pageHead } from './pages';
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
 *
 * The page also carries what lets the app show it sooner (issue 10): its screen's code and styles to preload
 * (landing.ts), the public API answers it asks for first, and, for a request without the session cookie, word
 * that there is no session to restore (the app then skips its start-up spinner) and, on the pages visitors land
 * on, the page itself drawn (drawing.ts). A visitor who chose dark mode gets the page in it from the first paint
 * (the web app's lib/theme keeps the cookie).
 */
export function pageHtmlSender(app: FastifyInstance, deps: AppDeps, indexFile: string) {
  const filesOf = screenFiles(path.dirname(indexFile));
  const drawer = pageDrawer(deps.config.webSsrDir);
  // Under load, the visitors of the same kind landing on a page in the same second of the racing clock share it
  // (lib/recent-read.ts), and its ETag and compressed bytes (lib/prepared.ts).
  const recentPages = recentReads<PageHtml>(PAGE_KEEP_MS, KEPT_PAGES);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = deps.clock.now().getTime();
    const key = JSON.stringify([request.url, visitorOf(request), hasSessionHint(request), Math.floor(now / 1000)]);
    const page = await recentPages.read(deps.database.db, key, () => pageHtml(request, now));
    // The session hint, the theme and the time zone come from cookies: a shared cache must not give one visitor's
    // page to another.
    reply.header('vary', 'cookie');
    return sendPrepared(reply.status(page.status), page.html, 'text/html; charset=utf-8');
  };

  async function pageHtml(request: FastifyRequest, now: number): Promise<PageHtml> {
    const pathname = normalisePath(new URL(request.url, 'http://site').pathname);
    const landing = landingPage(pathname);
    const files = landing ? filesOf(landing.page) : undefined;
    const answers = await firstAnswers(app, deps, landing).catch((error: unknown) => {
      request.log.warn(error, 'the page goes without its first answers');
      return {};
    });
    const indexHtml = withStartTags(await fs.readFile(indexFile, 'utf8'), request);
    const answersTag = servedAnswersTag(answers);
    const drawn = isDrawn(landing?.page, request) && files ? await drawnPage(indexHtml, { request, now, answers, files, headTags: [answersTag] }) : undefined;
    const html = drawn ?? appendToHead(indexHtml, [...(files ? screenPreloadTags(files) : []), answersTag]);
    try {
      const head = await pageHead(await f1Context(deps), deps.config.publicUrl, pathname);
      return { status: head.status, html: injectHead(html, renderHead(head, deps.config.publicUrl)) };
    } catch (error) {
      request.log.error(error);
      return { status: 200, html };
    }
  }

  /** The page drawn by the web app; undefined (the page goes undrawn, the app draws it) if that fails. */
  async function drawnPage(indexHtml: string, page: { request: FastifyRequest; now: number; answers: Record<string, unknown>; files: ScreenFiles; headTags: string[] }) {
    const { request, now, answers, files, headTags } = page;
    try {
      const drawPage = await drawer();
      if (!drawPage) return undefined;
      const visitor = visitorOf(request);
      const drawing = await drawPage({ url: request.url, answers, now, visitor });
      return withDrawnApp(indexHtml, { app: drawing, drawnAt: now, visitor, files, headTags });
    } catch (error) {
      request.log.error(error, 'the page goes undrawn');
      return undefined;
    }
  }
}

type PageHtml = { status: number; html: string };

/** A page is kept for a second at most, and dropped at once when this process writes to the database. */
const PAGE_KEEP_MS = 1000;
const KEPT_PAGES = 256;

/** The theme class and the session hint, by the request's cookies. */
function withStartTags(indexHtml: string, request: FastifyRequest): string {
  const themed = request.cookies[THEME_COOKIE] === 'true' ? withRootClass(indexHtml, DARK_MODE_CLASS) : indexHtml;
  const sessionHint = hasSessionHint(request) ? '' : '<meta name="slipstream-session" content="none">';
  return appendToHead(themed, [sessionHint]);
}

function servedAnswersTag(answers: Record<string, unknown>): string {
  if (Object.keys(answers).length === 0) return '';
  return `<script type="application/json" id="served-answers">${scriptSafeJson(answers)}</script>`;
}

/** The class the web app puts on <html> for dark mode (apps/web/src/lib/theme.ts). */
const DARK_MODE_CLASS = 'darkmode';

/** Answers above this size stay out of the page: the app asks for them as usual. */
const SERVED_ANSWERS_BUDGET_BYTES = 256 * 1024;

/** The public answers the page's screen and the navbar ask for first, by API path (the app's own paths). */
async function firstAnswers(app: FastifyInstance, deps: AppDeps, landing: ReturnType<typeof landingPage>): Promise<Record<string, unknown>> {
  const reads = new Map<string, Promise<{ text: string; value: unknown } | undefined>>();
  const readOnce = (apiPath: string) => {
    let answer = reads.get(apiPath);
    if (!answer) {
      answer = app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } }).then((response) => {
        // The same for every visitor: the lists name only such reads, and this checks they are still sent so.
        const isShared = !/private|no-store/.test(String(response.headers['cache-control'] ?? ''));
        return response.statusCode === 200 && isShared ? { text: response.body, value: response.json() } : undefined;
      });
      reads.set(apiPath, answer);
    }
    return answer;
  };
  const read = async (apiPath: string) => (await readOnce(apiPath))?.value;
  const screenPaths = (await landing?.page.answers?.(landing.params, { read, now: deps.clock.now() })) ?? [];
  const answers: Record<string, unknown> = {};
  let bytes = 0;
  for (const apiPath of [...SHELL_ANSWERS, ...screenPaths]) {
    const answer = await readOnce(apiPath);
    if (!answer || bytes + answer.text.length > SERVED_ANSWERS_BUDGET_BYTES) continue;
    bytes += answer.text.length;
    answers[apiPath] = answer.value;
  }
  return answers;
}
