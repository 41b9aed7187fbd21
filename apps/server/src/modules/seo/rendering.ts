import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { renderedPageMeta, visitorCookies } from '@slipstream/contract';
import type { EndpointName, QueryValues } from '@slipstream/contract/endpoints';
import { SESSION_HINT_COOKIE } from '../auth/sessions';
import { escapeHtml } from '../../lib/html';
import { appendToHead, scriptSafeJson } from './head';
import type { ScreenFiles } from './preloads';
import { screenStyleTags } from './preloads';

/**
 * Pages rendered on the server (docs/decisions, "Server rendering with a query client per page"). The web app's
 * server build (apps/web/src/entry-server.tsx, built into WEB_SSR_DIR) prepares every page the server sends: its
 * first reads, made in-process in a query client of the page's own and dehydrated into the page, and, on the pages
 * with first reads of their own, for a request without the session cookie, the page's HTML. A phone paints such a page from
 * the HTML alone; the app's scripts are fetched only after that first paint (the web app's public/boot.js), then
 * the app takes the page over (hydration). A signed-in visitor's page waits for their session (docs/product.md, Shell), so nothing
 * personal is ever rendered.
 */
export type Visitor = { darkMode: boolean; timeZone: string };
/** A TanStack Query dehydrated state: the page's first reads. */
export type PageState = { queries: unknown[] };
export type PreparedPage = { state: PageState; render?: (visitor: Visitor) => string };
/** A read of the API in-process, by endpoint name: the answer as a value, or undefined for one the page may not carry. */
export type EndpointRead = (name: EndpointName, params: Record<string, string | number>, query: QueryValues) => Promise<unknown>;
type PreparePage = (page: { url: string; now: number; readEndpoint: EndpointRead }) => Promise<PreparedPage>;

/** Without the cookie (a first visit), times are rendered in UTC, and the page says so until the app shows local time. */
const DEFAULT_TIME_ZONE = 'UTC';

/** The web app's page preparer, loaded with the first page; undefined without the server build. */
export function pagePreparer(webSsrDir: string): () => Promise<PreparePage | undefined> {
  const entry = path.join(webSsrDir, 'entry-server.js');
  let loading: Promise<PreparePage | undefined> | undefined;
  return () =>
    (loading ??= fs.existsSync(entry)
      ? import(pathToFileURL(entry).href).then((module: { preparePage: PreparePage }) => module.preparePage)
      : Promise.resolve(undefined));
}

/** The request carries the hint that a session may exist (modules/auth/sessions). */
export const hasSessionHint = (request: FastifyRequest) => Boolean(request.cookies[SESSION_HINT_COOKIE]);

export function visitorOf(request: FastifyRequest): Visitor {
  const zone = request.cookies[visitorCookies.timeZone];
  return { darkMode: wantsDarkMode(request), timeZone: zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE };
}

/**
 * The operating system's colour preference, as a browser that supports the client hint sends it once asked for it
 * (Accept-CH). Not Critical-CH: its second request would delay every first page; the first page follows the
 * system by the app's media query instead.
 */
export const COLOUR_SCHEME_HINT = 'sec-ch-prefers-color-scheme';
export const THEME_HINT_HEADERS = { 'accept-ch': 'Sec-CH-Prefers-Color-Scheme' };

/** The theme cookie when there is one (the visitor's choice, or the system's as the app last saw it), else the hint. */
function wantsDarkMode(request: FastifyRequest): boolean {
  const cookie = request.cookies[visitorCookies.darkMode];
  if (cookie === 'true' || cookie === 'false') return cookie === 'true';
  return request.headers[COLOUR_SCHEME_HINT] === 'dark';
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

/** The built index.html's entry script: on a rendered page, boot.js loads it after the first paint. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The page with the rendered app in its #app, the instant and zone it was rendered in (the app takes it over as
 * rendered), and its scripts handed to boot.js; undefined when the page has no entry script to hand over.
 */
export function withRenderedApp(html: string, page: { app: string; renderedAt: number; visitor: Visitor; files: ScreenFiles; headTags: string[] }): string | undefined {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return undefined;
  const scripts = { entry, preloads: page.files.scripts };
  return appendToHead(html.replace(ENTRY_SCRIPT, ''), [
    `<meta name="${renderedPageMeta.renderedAt}" content="${page.renderedAt}">`,
    `<meta name="${renderedPageMeta.timeZone}" content="${escapeHtml(page.visitor.timeZone)}">`,
    ...screenStyleTags(page.files.styles),
    ...page.headTags,
    `<script type="application/json" id="app-scripts">${scriptSafeJson(scripts)}</script>`,
    '<script type="module" src="/boot.js"></script>',
  ]).replace('<div id="app"></div>', () => `<div id="app">${page.app}</div>`);
}
