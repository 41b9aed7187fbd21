import type { Db } from '../db/client';
import { writeMark } from '../db/writes';

/**
 * A read kept for keepMs and shared by the requests that need it meanwhile (under load: one query per keepMs
 * instead of one per request). It is dropped at once when this process writes to the database (db/writes.ts),
 * so a local change shows on the next request; another instance's change shows within keepMs.
 */
export type RecentRead<T> = { read(db: Db, load: () => Promise<T>): Promise<T>; forget(db: Db): void };

type Kept<T> = { mark: object; value: Promise<T>; readAt: number };

export function recentRead<T>(keepMs: number, now: () => number = performance.now.bind(performance)): RecentRead<T> {
  const kept = new WeakMap<Db, Kept<T>>();
  return {
    read(db, load) {
      const mark = writeMark(db);
      const current = kept.get(db);
      if (current && current.mark === mark && now() - current.readAt < keepMs) return current.value;
      const entry: Kept<T> = { mark, value: load(), readAt: now() };
      kept.set(db, entry);
      // A failed read is not kept: the next request tries again.
      entry.value.catch(() => {
        if (kept.get(db) === entry) kept.delete(db);
      });
      return entry.value;
    },
    forget(db) {
      kept.delete(db);
    },
  };
}

/** recentRead for several keys (say one per season and order), at most maxKeys kept, the least recently read out. */
export type RecentReads<T> = { read(db: Db, key: string, load: () => Promise<T>): Promise<T> };

export function recentReads<T>(keepMs: number, maxKeys = 64, now?: () => number): RecentReads<T> {
  const byKey = new Map<string, RecentRead<T>>();
  return {
    read(db, key, load) {
      let kept = byKey.get(key);
      if (kept) byKey.delete(key);
      else kept = recentRead<T>(keepMs, now);
      byKey.set(key, kept);
      for (const oldest of byKey.keys()) {
        if (byKey.size <= maxKeys) break;
        byKey.delete(oldest);
      }
      return kept.read(db, load);
    },
  };
}
