import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { renderedPageMeta, type TimeResponse } from '@slipstream/contract';
import { readPageMeta } from './pageMeta';
import { localDay } from './time';

/**
 * The racing calendar's "now" in the browser: the server's clock (GET /api/time, read once) plus
 * the time elapsed since, so countdowns agree with the server even when the device clock is off,
 * and a server pinned by SLIPSTREAM_NOW drives the browser from that instant onwards.
 */
export type ServerClock = {
  /** Milliseconds since the epoch by the server's clock. */
  now(): number;
  /** True once the server's time is known, or asking for it failed (the device clock is used then). */
  readonly ready: boolean;
  /**
   * The server's clock when it rendered the page, for a page it sent rendered: the app takes that page over (React
   * hydration) as it was rendered, then follows now().
   */
  readonly renderedAt?: number;
  /** Called when the clock becomes ready; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
};

export type ServerClockOptions = {
  fetchTime: () => Promise<TimeResponse>;
  /**
   * For a page the server sent rendered: its clock when it rendered the page, and this device's when the page arrived.
   * Their difference is the first estimate of the offset, so the clock is ready at once; the time asked for
   * with fetchTime then refines it.
   */
  rendered?: { at: number; receivedAt: number };
  /** The device clock; injectable for tests. */
  localNow?: () => number;
  onError?: (error: unknown) => void;
};

/** Starts reading the server's time right away; until it answers, the device clock stands in. */
export function createServerClock({ fetchTime, rendered, localNow = Date.now, onError }: ServerClockOptions): ServerClock {
  let offset = rendered ? rendered.at - rendered.receivedAt : 0;
  let ready = rendered !== undefined;
  const listeners = new Set<() => void>();

  const settle = () => {
    ready = true;
    for (const listener of listeners) listener();
  };

  const sentAt = localNow();
  fetchTime().then(
    (answer) => {
      // The server read its clock somewhere during the round trip: assume the middle.
      const receivedAt = localNow();
      offset = Date.parse(answer.now) - (sentAt + receivedAt) / 2;
      settle();
    },
    (error: unknown) => {
      onError?.(error);
      settle();
    },
  );

  return {
    now: () => localNow() + offset,
    get ready() {
      return ready;
    },
    renderedAt: rendered?.at,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * For a page the server sent rendered: its clock when it rendered it (<meta name="slipstream-rendered-at">,
 * milliseconds) and this device's when the page's first byte arrived.
 */
export function pageRenderedAt(): ServerClockOptions['rendered'] {
  const at = Number(readPageMeta(renderedPageMeta.renderedAt));
  if (!Number.isFinite(at) || at <= 0) return undefined;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return { at, receivedAt: performance.timeOrigin + (navigation?.responseStart ?? 0) };
}

/** A clock standing still at one instant: for tests and previews. */
export function fixedClock(instant: string | number): ServerClock {
  const at = typeof instant === 'number' ? instant : Date.parse(instant);
  return { now: () => at, ready: true, subscribe: () => () => {} };
}

const ClockContext = createContext<ServerClock | null>(null);

export function ClockProvider({ clock, children }: { clock: ServerClock; children: ReactNode }) {
  return <ClockContext value={clock}>{children}</ClockContext>;
}

export function useClock(): ServerClock {
  const clock = useContext(ClockContext);
  if (!clock) throw new Error('useClock needs a <ClockProvider> above it');
  return clock;
}

/** Re-renders when the server's time becomes known. */
export function useClockReady(): boolean {
  const clock = useClock();
  const isReady = () => clock.ready;
  return useSyncExternalStore(clock.subscribe, isReady, isReady);
}

const TICK_MS = 1000;

/**
 * A value of the server's "now" (ms), read every second and when the clock becomes ready; the component renders
 * again only when the value changes (a primitive, compared with Object.is).
 */
function useClockValue<T extends string | number>(valueAt: (now: number) => T): T {
  const clock = useClock();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const timer = setInterval(onChange, TICK_MS);
      const unsubscribe = clock.subscribe(onChange);
      return () => {
        clearInterval(timer);
        unsubscribe();
      };
    },
    [clock],
  );
  return useSyncExternalStore(
    subscribe,
    () => valueAt(clock.now()),
    // Rendered on the server, and taken over as rendered: at the instant it was rendered.
    () => valueAt(clock.renderedAt ?? clock.now()),
  );
}

/** The server's "now", re-rendering every second (countdowns); whole seconds, so renders stay stable. */
export function useNow(): Date {
  const second = useClockValue((now) => Math.floor(now / TICK_MS));
  return useMemo(() => new Date(second * TICK_MS), [second]);
}

/** Today's date (YYYY-MM-DD) in a time zone by the server's clock, re-rendering only when the day changes. */
export function useToday(timeZone: string): string {
  return useClockValue((now) => localDay(now, { timeZone }));
}
