import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '../auth/sessions';
import { appendToHead, escapeHtml, scriptSafeJson } from './head';
import type { LandingPage, ScreenFiles } from './landing';
import { screenStyleTags } from './landing';

/**
 * Pages sent drawn (issue 10): the pages visitors land on that carry their first answers are drawn by the web
 * app's own server build (apps/web/src/entry-server.tsx, built into WEB_SSR_DIR) from those same answers, so a
 * phone paints the page from the HTML alone. The app's scripts are fetched only after that first paint (the
 * web app's public/boot.js), then the app takes the drawing over (hydration).
 *
 * Only for visitors without the session cookie: a signed-in visitor's page waits for their session (spec), and
 * nothing personal is ever drawn.
 */
export type Visitor = { darkMode: boolean; timeZone: string };
type PageToDraw = { url: string; answers: Record<string, unknown>; now: number; visitor: Visitor };
type DrawPage = (page: PageToDraw) => Promise<string>;

/** The web app's theme cookie and the class it puts on <html> for dark mode (apps/web/src/lib/theme.ts). */
export const THEME_COOKIE = 'darkMode';
/** The visitor's IANA time zone, kept by the web app (apps/web/src/lib/visitor.tsx). */
const TIME_ZONE_COOKIE = 'timeZone';
/** Without the cookie (a first visit), times are drawn in UTC, and the page says so until the app shows local time. */
const DEFAULT_TIME_ZONE = 'UTC';

/** The web app's page drawer, loaded with the first page it draws; undefined without the server build. */
export function pageDrawer(webSsrDir: string): () => Promise<DrawPage | undefined> {
  const entry = path.join(webSsrDir, 'entry-server.js');
  let loading: Promise<DrawPage | undefined> | undefined;
  return () =>
    (loading ??= fs.existsSync(entry) ? import(pathToFileURL(entry).href).then((module: { drawPage: DrawPage }) => module.drawPage) : Promise.resolve(undefined));
}

/** The request carries the hint that a session may exist (modules/auth/sessions). */
export const hasSessionHint = (request: FastifyRequest) => Boolean(request.cookies[SESSION_HINT_COOKIE]);

/** Pages with first answers are drawn, for a request without the session cookie. */
export function isDrawn(page: LandingPage | undefined, request: FastifyRequest): page is LandingPage {
  return page?.answers !== undefined && !hasSessionHint(request);
}

export function visitorOf(request: FastifyRequest): Visitor {
  const zone = request.cookies[TIME_ZONE_COOKIE];
  return { darkMode: request.cookies[THEME_COOKIE] === 'true', timeZone: zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE };
}

const knownZones = new Set<string>();
const MAX_KNOWN_ZONES = 1000;

/** An IANA zone this server can format times in (a cookie is the visitor's to write). */
function isTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < MAX_KNOWN_ZONES) knownZones.add(zone);
  return true;
}

/** The built index.html's entry script: on a drawn page, boot.js loads it after the first paint. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The page with the drawing in its #app, the instant and zone it was drawn in (the app takes it over as drawn),
 * and its scripts handed to boot.js; undefined when the page has no entry script to hand over.
 */
export function withDrawnApp(html: string, drawing: { app: string; drawnAt: number; visitor: Visitor; files: ScreenFiles; headTags: string[] }): string | undefined {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return undefined;
  const scripts = { entry, preloads: drawing.files.scripts };
  return appendToHead(html.replace(ENTRY_SCRIPT, ''), [
    `<meta name="slipstream-drawn-at" content="${drawing.drawnAt}">`,
    `<meta name="slipstream-time-zone" content="${escapeHtml(drawing.visitor.timeZone)}">`,
    ...screenStyleTags(drawing.files.styles),
    ...drawing.headTags,
    `<script type="application/json" id="app-scripts">${scriptSafeJson(scripts)}</script>`,
    '<script type="module" src="/boot.js"></script>',
  ]).replace('<div id="app"></div>', () => `<div id="app">${drawing.app}</div>`);
}
