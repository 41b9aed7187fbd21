import { useSyncExternalStore, type ReactNode } from 'react';

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

/**
 * What is drawn by the browser only: not in a page drawn on the server, where its code loads with the page's
 * after the drawing is painted. Its own component, so that only it renders again once the app has taken over.
 */
export function BrowserOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
