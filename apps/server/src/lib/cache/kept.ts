import type { DataRevision } from './revision';
import { KEPT_READS_BYTES } from './budgets';
import { approximateBytes, byteLru } from './lru';

/**
 * Reads kept in this process and shared by the requests that need them meanwhile (under load: one query per
 * keep-time instead of one per request), keyed by name. A read is reused only under the data revision it was made
 * under, so a write shows on the next request; keepMs bounds how late a write announced nowhere is seen. At most
 * maxKeys and maxBytes (each read weighed once it has come) are kept, the least recently read out first; a failed
 * read is not kept.
 */
export type KeptReads<T> = { read<V extends T>(key: string, load: () => Promise<V>): Promise<V> };

type Kept<T> = { revision: string; value: Promise<T>; readAt: number };

export function keptReads<T>(
  revision: Pick<DataRevision, 'current'>,
  {
    keepMs,
    maxKeys = 64,
    maxBytes = KEPT_READS_BYTES,
    now = performance.now.bind(performance),
  }: { keepMs: number; maxKeys?: number; maxBytes?: number; now?: () => number },
): KeptReads<T> {
  const kept = byteLru<Kept<T>>({ maxBytes, maxEntries: maxKeys });
  return {
    read<V extends T>(key: string, load: () => Promise<V>): Promise<V> {
      const current = kept.get(key);
      if (current && current.revision === revision.current && now() - current.readAt < keepMs) {
        // A key names one kind of read, so what was kept under it is of the kind asked for.
        return current.value as Promise<V>;
      }
      const value = load();
      const entry: Kept<T> = { revision: revision.current, value, readAt: now() };
      // Weighed nothing while it is under way, then what it came to.
      kept.set(key, entry, 0);
      entry.value.then(
        (read) => {
          if (kept.peek(key) === entry) kept.set(key, entry, approximateBytes(read));
        },
        () => {
          if (kept.peek(key) === entry) kept.delete(key);
        },
      );
      return value;
    },
  };
}
