import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** Every deferred part's loader, once its screen's code has run: the server loads them all before rendering. */
const partLoaders = new Set<() => Promise<unknown>>();

/**
 * A part of a screen below its first view (or with nothing to do at first), whose code loads after the screen's
 * and which the app takes over after the rest of the page. On a page the server rendered, React keeps the
 * server's HTML for it in a Suspense boundary of its own and hydrates it once its code has arrived, in a pass of
 * its own, after the screen's; on a page the browser renders, `fallback` shows until then. The server renders it
 * like the rest of the page (loadDeferredParts).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  partLoaders.add(loadOnce);
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Part(props: P) {
    // Chosen once per mount, so the part is never swapped for itself; code already there renders at once.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return function Deferred(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/** Loads the code of every deferred part of the screens loaded so far. */
export function loadDeferredParts(): Promise<unknown> {
  return Promise.all([...partLoaders].map((load) => load()));
}
