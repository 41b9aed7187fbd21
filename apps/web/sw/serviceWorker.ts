import { OFFLINE_STORED_AT_HEADER } from '@slipstream/contract/pages';
import { handlingOf, isKeptAsset, overLimit, pageAnswers, precacheList, type WorkerBuild } from './policy';

/**
 * Slipstream's service worker: the app shell from the cache, public F1 answers from the network with the last
 * stored copy as the offline fallback; what it answers how is policy.ts. Built into dist/sw.js by
 * build/serviceWorker.ts, which defines SLIPSTREAM_BUILD: this build's version, shell and screen files.
 */
declare const self: ServiceWorkerGlobalScope;
declare const SLIPSTREAM_BUILD: WorkerBuild;

const SHELL_CACHE = `slipstream-shell-${SLIPSTREAM_BUILD.version}`;
/** Hashed chunks of screens outside the shell, kept as they are visited. */
const ASSET_CACHE = 'slipstream-assets';
const ASSET_CACHE_LIMIT = 80;
/** Public API answers, each with the time it was stored; kept across versions, they only ever serve offline. */
const DATA_CACHE = 'slipstream-data';
/** Every screen's answers for a few seasons; past it, the answers stored longest ago go first. */
const DATA_CACHE_LIMIT = 200;
const STORED_AT = 'x-slipstream-stored-at';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(precacheList(SLIPSTREAM_BUILD));
      // A new version takes over at once; open pages pick up its code on their next load.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('slipstream-shell-') && name !== SHELL_CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const seen = { method: request.method, url: request.url, mode: request.mode, hasAuthorization: request.headers.has('authorization') };
  switch (handlingOf(seen, self.location.origin)) {
    case 'page':
      return event.respondWith(page(event));
    case 'data':
      return event.respondWith(networkFirst(request));
    case 'file':
      return event.respondWith(cacheFirst(request));
    case 'network':
      return;
  }
});

/** Pages: always the network (the server may have a newer shell); offline, the cached shell. */
async function page(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetch(event.request);
    if (response.ok) event.waitUntil(keepPageAnswers(response.clone(), event.request.url));
    return response;
  } catch (error) {
    const shell = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function keepPageAnswers(page: Response, pageUrl: string): Promise<void> {
  const answers = pageAnswers(await page.text());
  if (answers.length === 0) return;
  const cache = await caches.open(DATA_CACHE);
  const headers = { 'content-type': 'application/json; charset=utf-8', [STORED_AT]: new Date().toISOString() };
  for (const [apiPath, answer] of answers) await cache.put(new Request(new URL(apiPath, pageUrl)), new Response(JSON.stringify(answer), { headers }));
  await trim(cache, DATA_CACHE_LIMIT);
}

/** Shell files and hashed chunks: from the cache when there, else fetched (and chunks kept). */
async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && isKeptAsset(new URL(request.url).pathname)) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
    await trim(cache, ASSET_CACHE_LIMIT);
  }
  return response;
}

async function trim(cache: Cache, limit: number): Promise<void> {
  await Promise.all(overLimit(await cache.keys(), limit).map((key) => cache.delete(key)));
}

/** Public answers: the network first, each good answer stored with its time; offline, the stored one, marked. */
async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(DATA_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200) {
      await cache.put(request, await stamped(response.clone(), STORED_AT, new Date().toISOString()));
      await trim(cache, DATA_CACHE_LIMIT);
    }
    return response;
  } catch (error) {
    const stored = await cache.match(request);
    if (!stored) throw error;
    return stamped(stored, OFFLINE_STORED_AT_HEADER, stored.headers.get(STORED_AT) ?? new Date(0).toISOString());
  }
}

async function stamped(response: Response, header: string, value: string): Promise<Response> {
  const headers = new Headers(response.headers);
  // The body below is already decoded: its old encoding and length no longer describe it.
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(header, value);
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}
