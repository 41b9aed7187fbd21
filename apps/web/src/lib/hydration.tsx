import { useSyncExternalStore, type ReactNode } from 'react';

const unchanging = () => () => {};

/**
 * False while the server renders a page and while the app takes it over (hydration), true after and on every
 * page the browser renders itself: for what only the browser can render (entry-server.tsx).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}

/**
 * What is rendered by the browser only: not in a page rendered on the server, where its code loads with the
 * page's after the page is painted. Its own component, so that only it renders again once the app has taken over.
 */
export function BrowserOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
