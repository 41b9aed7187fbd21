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
