import type { z } from 'zod';

/**
 * A session-storage cache with expiry, for lists that may be a little stale (docs/product.md (Home) caches news
 * for 30 minutes). Entries are parsed with their schema on the way out, so an entry written by an
 * older build of the site is refetched instead of trusted. The schema is loaded only when there is an
 * entry to check, which keeps zod out of the start-up JavaScript.
 */
export type SessionCacheOptions<T> = {
  key: string;
  maxAgeMs: number;
  schema: () => Promise<z.ZodType<T>>;
  load: () => Promise<T>;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
};

type Entry = { savedAt: number; value: unknown };

export async function cachedInSession<T>({ key, maxAgeMs, schema, load, now = Date.now }: SessionCacheOptions<T>): Promise<T> {
  const fresh = await readFresh(key, maxAgeMs, schema, now());
  if (fresh !== undefined) return fresh;
  const value = await load();
  try {
    sessionStorage.setItem(key, JSON.stringify({ savedAt: now(), value } satisfies Entry));
  } catch {
    /* storage full or blocked: the next visit loads again */
  }
  return value;
}

async function readFresh<T>(key: string, maxAgeMs: number, schema: () => Promise<z.ZodType<T>>, now: number): Promise<T | undefined> {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return undefined;
    const entry = JSON.parse(raw) as Partial<Entry>;
    if (typeof entry.savedAt !== 'number' || now - entry.savedAt >= maxAgeMs) return undefined;
    const parsed = (await schema()).safeParse(entry.value);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
