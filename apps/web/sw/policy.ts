import { ENDPOINTS, type Endpoint } from '@slipstream/contract/endpoints';
import { matchPattern, PAGE_STATE_ID, PAGES, type SitePage } from '@slipstream/contract/pages';

/**
 * The service worker's decisions, as plain functions of what it sees (serviceWorker.ts does the caching): which
 * requests it answers and how, which answers it keeps for offline use, and which stored entries it drops.
 */

/** What the worker is built with (build/serviceWorker.ts): a version, the app shell, and each screen's files beyond it. */
export type WorkerBuild = { version: string; shell: string[]; screens: Record<string, string[]> };

/** What the worker stores when it installs: the app shell, and the code of the screens that open offline unvisited. */
export function precacheList({ shell, screens }: WorkerBuild): string[] {
  const precached = Object.values(PAGES as Record<string, SitePage>).flatMap((page) => (page.offline?.precache ? (screens[page.screen] ?? []) : []));
  return [...new Set([...shell, ...precached])];
}

/** The public API answers that may be shown offline: the endpoint registry's paths of those it marks `offline`. */
const OFFLINE_DATA: readonly string[] = (Object.values(ENDPOINTS) as Endpoint[]).flatMap((endpoint) => ('offline' in endpoint ? [endpoint.path] : []));

export function isOfflineData(pathname: string): boolean {
  return OFFLINE_DATA.some((pattern) => matchPattern(pattern, pathname) !== undefined);
}

/**
 * How a request is answered:
 * - `page`: a page (a navigation), from the network, else the cached app shell;
 * - `data`: a public answer that may be shown offline, from the network, else its last stored copy;
 * - `file`: the app's code, styles and public files, from the cache, else the network;
 * - `network`: not the worker's (other methods and origins, accounts, votes, admin, the live channel...).
 */
export type Handling = 'page' | 'data' | 'file' | 'network';

export type RequestSeen = { method: string; url: string; mode: RequestMode; hasAuthorization: boolean };

export function handlingOf(request: RequestSeen, origin: string): Handling {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (!url.pathname.startsWith('/api/')) return 'file';
  return !request.hasAuthorization && isOfflineData(url.pathname) ? 'data' : 'network';
}

/** Hashed chunks of screens outside the shell: kept as they are visited, since they never change under one name. */
export function isKeptAsset(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}

const PAGE_STATE = new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">([^<]*)</script>`);

type DehydratedQuery = { meta?: { apiPath?: unknown }; state?: { data?: unknown } };

/**
 * The public answers a page arrived with (its state, written in by the server), each by its API path: the app does
 * not ask for them, so the worker keeps them as if it had, for the next visit offline. None from a page without a
 * state, or with one it cannot read.
 */
export function pageAnswers(html: string): [apiPath: string, answer: unknown][] {
  const text = PAGE_STATE.exec(html)?.[1];
  if (!text) return [];
  let queries: DehydratedQuery[];
  try {
    queries = (JSON.parse(text) as { queries?: DehydratedQuery[] }).queries ?? [];
  } catch {
    return [];
  }
  return queries.flatMap(({ meta, state }) => {
    const apiPath = meta?.apiPath;
    if (typeof apiPath !== 'string' || state?.data === undefined) return [];
    return isOfflineData(new URL(apiPath, 'http://page').pathname) ? [[apiPath, state.data] as [string, unknown]] : [];
  });
}

/** The entries to drop so that at most `limit` stay: the oldest first (a cache lists its keys in storage order). */
export function overLimit<T>(keys: readonly T[], limit: number): T[] {
  return keys.slice(0, Math.max(0, keys.length - limit));
}
