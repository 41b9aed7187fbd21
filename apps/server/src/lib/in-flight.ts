/**
 * Requests that need the same read while it is running share it (under load: one query per round trip instead
 * of one per request). Nothing is kept once it has answered, so the next caller reads afresh and a change is
 * seen at once; forget() drops a running read that a change announced since must not be answered from.
 */
export type InFlight<K extends object, T> = { run(key: K, read: () => Promise<T>): Promise<T>; forget(key: K): void };

export function sharedInFlight<K extends object, T>(): InFlight<K, T> {
  const running = new WeakMap<K, Promise<T>>();
  return {
    run(key, read) {
      const current = running.get(key);
      if (current) return current;
      const started = read().finally(() => {
        if (running.get(key) === started) running.delete(key);
      });
      running.set(key, started);
      return started;
    },
    forget(key) {
      running.delete(key);
    },
  };
}
