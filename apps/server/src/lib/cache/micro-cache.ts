import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { encodingKey } from './prepared';
import type { DataRevision } from './revision';
import { MICRO_CACHE_BYTES } from './budgets';
import { byteLru, textBytes } from './lru';

/**
 * A per-process micro-cache of public answers in front of Fastify: a GET whose answer was sent less than keepMs
 * ago is written straight to the socket (same status, headers and bytes), skipping routing and every hook, which
 * cost more than the prepared answers themselves (prepared.ts). Only answers anyone may get are kept: status
 * 200, Cache-Control public, no Set-Cookie, asked without Authorization. Its keep time is that of the reads kept
 * per process (kept.ts); it is dropped whole when the data revision moves (revision.ts) and when a request other
 * than GET or HEAD finishes, so a change shows on the next request.
 * Requests made with inject() never reach it (see microCachedServer).
 */
export type MicroCache = {
  /** Answers req from a kept answer and returns true; false when the app must answer it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** The answer to a GET was written to res, with this body when it was a string or Buffer: keeps it when public. */
  store(req: IncomingMessage, res: ServerResponse, body: Buffer | string | undefined): void;
  clear(): void;
  /** Closing: nothing more is served (Fastify answers 503 meanwhile). */
  close(): void;
  logHitsTo(log: FastifyBaseLogger): void;
};

export type MicroCacheOptions = {
  /** Answers kept under an older revision are dropped. */
  revision: Pick<DataRevision, 'current'>;
  keepMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
};

/** Headers as written, names in their case and order: [name, value, name, value, ...]. */
type RawHeaders = string[];
type Entry = {
  status: number;
  headers: RawHeaders;
  notModifiedHeaders: RawHeaders;
  body: Buffer | string;
  etag: string | undefined;
  storedAt: number;
  /** A request let through to renew it is under way. */
  renewing: boolean;
};
/** What serve let through: the key its answer would be kept under, the generation the cache was in, what it renews. */
type Pending = { key: string; generation: number; renews: Entry | undefined };

export const MICRO_CACHE_KEEP_MS = 1000;
/** Hits are logged as Fastify logs requests: at info, so only when the logger's level lets info through. */
const LOGGED_LEVELS = new Set(['trace', 'debug', 'info']);

export function microCache({ revision, keepMs = MICRO_CACHE_KEEP_MS, maxEntries = 1000, maxBytes = MICRO_CACHE_BYTES, now = performance.now.bind(performance) }: MicroCacheOptions): MicroCache {
  const entries = byteLru<Entry>({ maxBytes, maxEntries });
  const pending = new WeakMap<IncomingMessage, Pending>();
  let generation = 0;
  let keptRevision = revision.current;
  let closed = false;
  let log: FastifyBaseLogger | undefined;

  const clear = () => {
    entries.clear();
    generation += 1;
  };
  /** Drops everything when the data revision moved since the last look. */
  const checkRevision = () => {
    if (revision.current !== keptRevision) {
      keptRevision = revision.current;
      clear();
    }
  };

  return {
    serve(req, res) {
      if (closed || req.method !== 'GET' || !answersAlike(req)) return false;
      checkRevision();
      const key = keyOf(req);
      // Looked at without refreshing: an answer goes out of the cache in the order it was stored.
      const entry = entries.peek(key);
      const age = entry ? now() - entry.storedAt : keepMs;
      // In the second half of its keep time one request renews it while the others still get it, so they do not
      // all go to the app together when it runs out.
      const renews = entry && age < keepMs && age >= keepMs / 2 && !entry.renewing ? entry : undefined;
      if (entry && age < keepMs && !renews) {
        const notModified = entry.etag !== undefined && matchesEtag(req.headers['if-none-match'], entry.etag);
        if (notModified) res.writeHead(304, entry.notModifiedHeaders).end();
        else res.writeHead(entry.status, entry.headers).end(entry.body);
        if (log && LOGGED_LEVELS.has(log.level)) log.info({ req: { method: req.method, url: req.url }, res: { statusCode: res.statusCode } }, 'request completed from the micro-cache');
        return true;
      }
      if (renews) renews.renewing = true;
      pending.set(req, { key, generation, renews });
      return false;
    },
    store(req, res, body) {
      const asked = pending.get(req);
      if (!asked) return;
      // Whatever its answer, a later request may renew it.
      if (asked.renews) asked.renews.renewing = false;
      checkRevision();
      if (asked.generation !== generation || closed || body === undefined || !isPublic(res, body)) return;
      const headers = writtenHeaders(res);
      if (!headers) return;
      const etag = res.getHeader('etag');
      const notModifiedHeaders = headers.map((value, index) => (index % 2 === 1 && headers[index - 1]?.toLowerCase() === 'content-length' ? '0' : value));
      const entry: Entry = { status: res.statusCode, headers, notModifiedHeaders, body, etag: typeof etag === 'string' ? etag : undefined, storedAt: now(), renewing: false };
      entries.set(asked.key, entry, (typeof body === 'string' ? textBytes(body) : body.length) + 2 * textBytes(headers.join('')));
    },
    clear,
    close() {
      closed = true;
      clear();
    },
    logHitsTo(logger) {
      log = logger;
    },
  };
}

/**
 * Requests whose answer may depend on more than the URL and the encoding, which the key does not hold: a signed-in
 * user's, and the event tracker's X-Cache-Duration (its Cache-Control), which would otherwise leak to other
 * clients. They always go to the app.
 */
function answersAlike(req: IncomingMessage): boolean {
  return req.headers.authorization === undefined && req.headers['x-cache-duration'] === undefined;
}

/**
 * The answer differs by encoding (prepared.ts, the compress plugin). Never by Host: no public answer names the
 * host it was asked on (the F1 API answers for PUBLIC_URL, modules/f1/routes.ts), so a client varying it cannot
 * make new entries.
 */
function keyOf(req: IncomingMessage): string {
  return `${encodingKey(req.headers)} ${req.url}`;
}

function isPublic(res: ServerResponse, body: Buffer | string): boolean {
  const cacheControl = res.getHeader('cache-control');
  return (
    res.statusCode === 200 &&
    typeof cacheControl === 'string' &&
    cacheControl.startsWith('public') &&
    !res.hasHeader('set-cookie') &&
    Number(res.getHeader('content-length')) === Buffer.byteLength(body)
  );
}

/**
 * The headers res was written with. Fastify passes its own to writeHead, which merges them into those set on
 * the node response (helmet's), so after writing all are there; none there means they cannot be read back.
 */
function writtenHeaders(res: ServerResponse): RawHeaders | undefined {
  // In node since 15.13, missing from @types/node's ServerResponse.
  const names = (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
  if (names.length === 0) return undefined;
  return names.flatMap((name) => {
    const value = res.getHeader(name) ?? '';
    return (Array.isArray(value) ? value : [value]).flatMap((one) => [name, String(one)]);
  });
}

/** As the etag plugin compares: exactly, or either side weak. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && (ifNoneMatch === etag || `W/${ifNoneMatch}` === etag || ifNoneMatch === `W/${etag}`);
}

/**
 * Fastify's serverFactory: the HTTP server Fastify would make (same timeouts), asking the micro-cache first.
 * Requests made with inject() never come this way, so they neither hit nor fill the cache.
 */
export function microCachedServer(cache: MicroCache) {
  return (handler: http.RequestListener, options: FastifyServerOptions): http.Server => {
    const server = http.createServer(requestTimeouts(options.requestTimeout), (req, res) => {
      if (!cache.serve(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/**
 * Node's timeouts for receiving a request: the whole of it, its headers (at most 15 s of it), and how often open
 * connections are checked against them (Node's 30 s would let a short timeout run far over).
 */
function requestTimeouts(requestTimeout: number | undefined): http.ServerOptions {
  if (!requestTimeout) return {};
  return {
    requestTimeout,
    headersTimeout: Math.min(requestTimeout, 15_000),
    connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestTimeout / 4))),
  };
}

/** The hooks that fill and drop the micro-cache of this app. */
export const microCachePlugin = fp<{ cache: MicroCache }>(
  async (app, { cache }) => {
    cache.logHitsTo(app.log);
    const bodies = new WeakMap<IncomingMessage, Buffer | string>();
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'GET' && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) bodies.set(request.raw, payload);
      done(null, payload);
    });
    // Kept once written: every onSend hook has run and Fastify has added the Content-Length.
    app.addHook('onResponse', (request, reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
      else cache.store(request.raw, reply.raw, bodies.get(request.raw));
      done();
    });
    app.addHook('preClose', async () => cache.close());
  },
  { name: 'micro-cache' },
);
