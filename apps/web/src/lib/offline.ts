import { useEffect, useState, useSyncExternalStore } from 'react';
import { OFFLINE_STORED_AT_HEADER } from '@slipstream/contract/pages';

/**
 * Which answers on screen came from the service worker's store instead of the network (it marks them with
 * OFFLINE_STORED_AT_HEADER, sw/serviceWorker.ts), so the shell can say the visitor is offline and how old the data
 * are. lib/api.ts reports every JSON answer here; a fresh answer for the same path clears its mark.
 */

const storedAtByPath = new Map<string, number>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

export function noteAnswer(path: string, headers: Headers): void {
  const cachedAt = Date.parse(headers.get(OFFLINE_STORED_AT_HEADER) ?? '');
  const changed = Number.isNaN(cachedAt) ? storedAtByPath.delete(path) : storedAtByPath.get(path) !== cachedAt;
  if (!changed) return;
  if (!Number.isNaN(cachedAt)) storedAtByPath.set(path, cachedAt);
  oldest = storedAtByPath.size > 0 ? Math.min(...storedAtByPath.values()) : null;
  listeners.forEach((listener) => listener());
}

/** Forgets every mark (tests; and when the connection is back, before the screens refetch). */
export function clearOfflineAnswers(): void {
  storedAtByPath.clear();
  oldest = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the oldest stored answer on screen was fetched (ms since the epoch), or null when all are fresh. */
export function useOfflineDataTime(): number | null {
  return useSyncExternalStore(subscribe, () => oldest, () => null);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday", "just now": how long before `now` the data were stored. */
export function formatAge(storedAt: number, now: number): string {
  const age = Math.max(0, now - storedAt);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (age >= size) return format.format(-Math.floor(age / size), unit);
  }
  return 'just now';
}

/** The device's time, ticking each half minute: the age of stored data is real time, not the racing clock. */
export function useDeviceNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
