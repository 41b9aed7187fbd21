import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while the server draws a page and while the app takes that drawing over (hydration), true after and on
 * every page the browser draws itself: for what only the browser can draw (entry-server.tsx, issue 10).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
