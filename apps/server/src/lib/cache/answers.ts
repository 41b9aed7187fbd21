import type { RedisLink } from '../redis';
import { DECODED_BYTES, DEFAULT_ANSWER_CACHE_BYTES } from './budgets';
import { byteLru, PARSED_BYTES_PER_CHARACTER, textBytes } from './lru';

/**
 * The answer cache behind one small interface: an in-process LRU by default, Redis (REDIS_URL, sharedCache)
 * for several instances, which is why values are strings and every call is async. Entries expire by
 * wall-clock time (infrastructure timing), never by the racing clock.
 */
export interface Cache {
  /** What holds the entries, for the diagnostics page ("memory" or "redis"). */
  readonly kind: string;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
}

/** A least-recently-used cache of strings, at most maxBytes of them (maxEntries too where given). */
export function memoryCache(options: { maxBytes?: number; maxEntries?: number; now?: () => number } = {}): Cache & { readonly bytes: number } {
  const now = options.now ?? Date.now;
  const entries = byteLru<{ value: string; expiresAt: number }>({ maxBytes: options.maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES, maxEntries: options.maxEntries });

  return {
    kind: 'memory',
    get bytes() {
      return entries.bytes;
    },
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 }, textBytes(value));
    },
  };
}

/** The JSON of compute()'s answer, from the cache when present; a thrown error is not cached. */
export async function rememberJson(
  cache: Cache,
  key: string,
  ttlSeconds: number,
  compute: () => Promise<unknown>,
): Promise<string> {
  const hit = await cache.get(key);
  if (hit !== undefined) return hit;
  const json = JSON.stringify(await compute());
  await cache.set(key, json, ttlSeconds);
  return json;
}

/** Like rememberJson, for values the server itself reuses (they come back through JSON, as from Redis). */
export async function remember<T>(cache: Cache, key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T> {
  const json = await rememberJson(cache, key, ttlSeconds, compute);
  const known = decoded.get(key);
  if (known?.json === json) return known.value as T;
  const value = deepFreeze(JSON.parse(json) as T);
  decoded.set(key, { json, value }, PARSED_BYTES_PER_CHARACTER * json.length);
  return value;
}

/**
 * The parsed value of the latest JSON seen per key, so a hot answer is not parsed again on every request (its
 * text is compared, so another value under the same key, from another database or instance, is parsed anew).
 * Shared between requests, the values are frozen: a caller that wants to change one must copy it.
 */
// The JSON kept beside a value for the comparison is the string the answer cache holds, so only the value is counted.
const decoded = byteLru<{ json: string; value: unknown }>({ maxBytes: DECODED_BYTES });

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const CACHE_PREFIX = 'slipstream:cache:';

/** The cache shared by every instance through Redis; while Redis is away, this instance's own LRU answers. */
export function sharedCache(link: RedisLink, fallback: Cache = memoryCache()): Cache {
  return {
    get kind() {
      return link.available ? 'redis' : `redis (unreachable: ${fallback.kind} meanwhile)`;
    },
    get: (key) =>
      link.attempt(
        async (client) => (await client.get(CACHE_PREFIX + key)) ?? undefined,
        () => fallback.get(key),
      ),
    set: (key, value, ttlSeconds) =>
      link.attempt(
        async (client) => {
          await client.set(CACHE_PREFIX + key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
        },
        () => fallback.set(key, value, ttlSeconds),
      ),
  };
}
