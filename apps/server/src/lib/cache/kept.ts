import type { DataRevision } from './revision';

/**
 * Reads kept in this process and shared by the requests that need them meanwhile (under load: one query per
 * keep-time instead of one per request), keyed by name. A read is reused only under the data revision it was made
 * under, so a write shows on the next request; keepMs bounds how late a write announced nowhere is seen. At most
 * maxKeys are kept, the least recently read out first; a failed read is not kept.
 */
export type KeptReads<T> = { read<V extends T>(key: string, load: () => Promise<V>): Promise<V> };

type Kept<T> = { revision: string; value: Promise<T>; readAt: number };

export function keptReads<T>(
  revision: Pick<DataRevision, 'current'>,
  { keepMs, maxKeys = 64, now = performance.now.bind(performance) }: { keepMs: number; maxKeys?: number; now?: () => number },
): KeptReads<T> {
  const kept = new Map<string, Kept<T>>();
  return {
    read<V extends T>(key: string, load: () => Promise<V>): Promise<V> {
      const current = kept.get(key);
      kept.delete(key);
      if (current && current.revision === revision.current && now() - current.readAt < keepMs) {
        kept.set(key, current);
        // A key names one kind of read, so what was kept under it is of the kind asked for.
        return current.value as Promise<V>;
      }
      const value = load();
      const entry: Kept<T> = { revision: revision.current, value, readAt: now() };
      kept.set(key, entry);
      if (kept.size > maxKeys) kept.delete(kept.keys().next().value!);
      entry.value.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return value;
    },
  };
}
