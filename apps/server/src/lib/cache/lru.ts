/**
 * The one least-recently-used store behind every in-process cache, bounded by bytes (and optionally by entries).
 * A cache says what each value weighs when it stores it; the store adds its own cost per entry and evicts the least
 * recently used until both bounds hold. A value heavier than the whole budget is not kept.
 */
export type ByteLru<V> = {
  /** The value, now the most recently used. */
  get(key: string): V | undefined;
  /** The value, its recency unchanged. */
  peek(key: string): V | undefined;
  /** Keeps value as the most recently used; false when it alone is over the budget (and nothing is kept). */
  set(key: string, value: V, bytes: number): boolean;
  delete(key: string): void;
  clear(): void;
  /** Bytes accounted for now, entry costs included: never more than maxBytes. */
  readonly bytes: number;
  readonly size: number;
  readonly maxBytes: number;
};

/** What V8 spends on a Map entry, its key and a small record around the value, rounded up. */
const ENTRY_OVERHEAD_BYTES = 128;

/**
 * The bytes a string takes in the heap at most: V8 keeps a string with only Latin-1 characters at one byte a
 * character and any other at two, so two a character is the bound that holds for both.
 */
export function textBytes(text: string): number {
  return 2 * text.length;
}

export function byteLru<V>({ maxBytes, maxEntries = Number.POSITIVE_INFINITY }: { maxBytes: number; maxEntries?: number }): ByteLru<V> {
  // A Map iterates in insertion order, so re-inserting on every use keeps the least recently used first.
  const entries = new Map<string, { value: V; bytes: number }>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    peek: (key) => entries.get(key)?.value,
    set(key, value, valueBytes) {
      remove(key);
      const cost = valueBytes + textBytes(key) + ENTRY_OVERHEAD_BYTES;
      if (cost > maxBytes) return false;
      entries.set(key, { value, bytes: cost });
      bytes += cost;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes && entries.size <= maxEntries) break;
        remove(oldest);
      }
      return true;
    },
    delete: remove,
    clear() {
      entries.clear();
      bytes = 0;
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
    maxBytes,
  };
}

/** A parsed value weighs a few times its JSON: every object, array and number is a heap object of its own. */
export const PARSED_BYTES_PER_CHARACTER = 4;

/**
 * What a value read from the database takes in the heap, roughly: a string's own bytes, else its JSON counted as
 * parsed (Maps and Sets as their entries). Used once per value kept, never per request.
 */
export function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return textBytes(value);
  const json = JSON.stringify(value, (_key, part: unknown) => (part instanceof Map || part instanceof Set ? [...part] : part));
  return PARSED_BYTES_PER_CHARACTER * (json?.length ?? 0);
}
