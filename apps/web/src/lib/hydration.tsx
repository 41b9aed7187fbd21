import { startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

const unchanging = () => () => {};

/**
 * False while the server renders a page and while the app takes it over (hydration), true after and on every
 * page the browser renders itself: for what only the browser can render (entry-server.tsx). Once a page is taken
 * over, React renders the difference synchronously (an external store): keep what depends on it small.
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
 * page's after the page is painted. It is added once mounted, as a transition, which React renders in slices
 * between the browser's own work (a phone's first tap goes first); its own component, so that only it renders
 * again.
 */
export function BrowserOnly({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? children : null;
}
