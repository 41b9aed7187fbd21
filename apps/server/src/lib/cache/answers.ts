import type { RedisLink } from '../redis';

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

type Entry = { value: string; expiresAt: number };

/** A least-recently-used cache of at most maxEntries strings. */
export function memoryCache(options: { maxEntries?: number; now?: () => number } = {}): Cache {
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order, so re-inserting on every hit keeps the least recently used first.
  const entries = new Map<string, Entry>();

  return {
    kind: 'memory',
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    async set(key, value, ttlSeconds) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
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
  decoded.delete(key);
  decoded.set(key, { json, value });
  if (decoded.size > DECODED_ENTRIES) decoded.delete(decoded.keys().next().value!);
  return value;
}

/**
 * The parsed value of the latest JSON seen per key, so a hot answer is not parsed again on every request (its
 * text is compared, so another value under the same key, from another database or instance, is parsed anew).
 * Shared between requests, the values are frozen: a caller that wants to change one must copy it.
 */
const decoded = new Map<string, { json: string; value: unknown }>();
const DECODED_ENTRIES = 500;

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
