/**
 * Answers kept for a short time in this process, keyed by name. A cleared memo forgets everything,
 * so a change (an ingestion, an edit) is visible at once here; other instances see it within the TTL.
 */
export type Memo = {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
};

export function createMemo(ttlMs: number): Memo {
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now) return cached.value as Promise<T>;
      // The promise is kept, so requests arriving while it is computed share one query.
      const value = compute();
      const entry = { expiresAt: now + ttlMs, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
