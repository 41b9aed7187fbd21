/**
 * Slipstream's service worker: the app shell from the cache, public F1 answers from the network with the
 * last stored copy as the offline fallback. Built into dist/sw.js by build/serviceWorker.ts, which replaces
 * SLIPSTREAM_BUILD with this build's version and shell files. README "Offline and installing".
 */
const BUILD = self.SLIPSTREAM_BUILD;

const SHELL_CACHE = `slipstream-shell-${BUILD.version}`;
/** Hashed chunks of screens outside the shell, kept as they are visited (they never change under one name). */
const ASSET_CACHE = 'slipstream-assets';
const ASSET_CACHE_LIMIT = 80;
/** Public API answers, each with the time it was stored; kept across versions, they only ever serve offline. */
const DATA_CACHE = 'slipstream-data';
const STORED_AT = 'x-slipstream-stored-at';
/** Set on an answer that came from DATA_CACHE because the network failed: when it was stored (ISO 8601). */
const CACHED_AT = 'x-slipstream-cached-at';

/**
 * The public GET endpoints whose answers may be shown offline (standings, results, schedule, home, history,
 * news...). Anything else (accounts, profile, admin, votes, the live push channel) always goes to the network.
 */
const OFFLINE_API = [
  /^\/api\/(meta|time|get-next|get-last|event-tracker|drivers|teams|history|stiri-rf)$/,
  /^\/api\/drivers\/[^/]+$/,
  /^\/api\/(seasons|ergast|season-results|track|news|flags|circuits)\//,
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(BUILD.shell);
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
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') event.respondWith(navigation(event));
  else if (url.pathname.startsWith('/api/')) {
    if (isOfflineData(request, url)) event.respondWith(networkFirst(request));
  } else event.respondWith(cacheFirst(request, url));
});

function isOfflineData(request, url) {
  return !request.headers.has('authorization') && isOfflinePath(url.pathname);
}

function isOfflinePath(pathname) {
  return OFFLINE_API.some((pattern) => pattern.test(pathname));
}

/** Pages: always the network (the server may have a newer shell); offline, the cached shell. */
async function navigation(event) {
  try {
    const response = await fetch(event.request);
    if (response.ok) event.waitUntil(keepServedAnswers(response.clone(), event.request.url));
    return response;
  } catch (error) {
    const shell = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/**
 * A page arrives with its first answers written in (`served-answers`, modules/seo on the server), so the app
 * does not ask for them: they are kept here as if it had, for the next visit offline.
 */
async function keepServedAnswers(page, pageUrl) {
  const text = /<script type="application\/json" id="served-answers">([^<]*)<\/script>/.exec(await page.text())?.[1];
  if (!text) return;
  const cache = await caches.open(DATA_CACHE);
  const storedAt = new Date().toISOString();
  for (const [path, answer] of Object.entries(JSON.parse(text))) {
    const url = new URL(path, pageUrl);
    if (!isOfflinePath(url.pathname)) continue;
    const headers = { 'content-type': 'application/json; charset=utf-8', [STORED_AT]: storedAt };
    await cache.put(new Request(url), new Response(JSON.stringify(answer), { headers }));
  }
}

/** Shell files and hashed chunks: from the cache when there, else fetched (and chunks kept). */
async function cacheFirst(request, url) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && url.pathname.startsWith('/assets/')) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
    await trim(cache, ASSET_CACHE_LIMIT);
  }
  return response;
}

async function trim(cache, limit) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

/** Public answers: the network first, each good answer stored with its time; offline, the stored one, marked. */
async function networkFirst(request) {
  const cache = await caches.open(DATA_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200) await cache.put(request, await stamped(response.clone(), STORED_AT, new Date().toISOString()));
    return response;
  } catch (error) {
    const stored = await cache.match(request);
    if (!stored) throw error;
    return stamped(stored, CACHED_AT, stored.headers.get(STORED_AT) ?? new Date(0).toISOString());
  }
}

async function stamped(response, header, value) {
  const headers = new Headers(response.headers);
  // The body below is already decoded: its old encoding and length no longer describe it.
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(header, value);
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}
