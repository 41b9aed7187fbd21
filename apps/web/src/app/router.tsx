import { lazy, useState, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { pageAt, PAGES, type PageAccess, type PageName, type SitePage } from '@slipstream/contract/pages';
import { guardAlerts, RequireAdmin, RequireSignedIn, RequireSignedOut } from './guards';
import { RouteErrorBoundary } from './shell/RouteError';
import { Shell } from './shell/Shell';

type ScreenModule = { Component: ComponentType };

/** Each page's screen loader, for loading the first page's screen before the first render. */
const screenLoaders = new Map<PageName, () => Promise<ScreenModule>>();

/**
 * A screen's element: its own chunk from its feature folder, loaded on first visit; the module exports
 * `Component`. A screen whose code is already there when it mounts renders at once, without suspending.
 */
function lazyScreen(load: () => Promise<ScreenModule>) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module.Component;
      return module;
    }));
  const Lazy = lazy(() => loadOnce().then((module) => ({ default: module.Component })));
  function Screen() {
    // Chosen once per mount, so the screen is never swapped for itself.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready /> : <Lazy />;
  }
  return { element: <Screen />, load: loadOnce };
}

/**
 * Loads the code of the screen at pathname (the first page's, before the first render), found in the page
 * registry: cheaper than the router's matching, which ranks every route.
 */
export function loadScreenFor(pathname: string): Promise<unknown> {
  return screenLoaders.get(pageAt(pathname).name)?.() ?? Promise.resolve();
}

/** Every screen module, by its path in the page registry (`src/features/...`): each one a chunk of its own. */
const screenModules = import.meta.glob<ScreenModule>('../features/*/*Page.tsx');

function screenModule(screen: string): () => Promise<ScreenModule> {
  const load = screenModules[screen.replace(/^src\//, '../')];
  if (!load) throw new Error(`${screen} is in the page registry but not in src/features`);
  return load;
}

const pageNames = Object.keys(PAGES) as PageName[];

function pageRoute(name: PageName): RouteObject {
  const screen = lazyScreen(screenModule(PAGES[name].screen));
  screenLoaders.set(name, screen.load);
  return { path: PAGES[name].path, element: screen.element };
}

const pagesFor = (access: PageAccess | undefined) =>
  pageNames.filter((name) => (PAGES[name] as SitePage).access === access);

/** The alert (docs/product.md, Accounts and guards) for a signed-in visitor sent away from a signed-out page: on /signup only (its isAuth route). */
const signedOutAlerts: Partial<Record<PageName, string>> = { signup: guardAlerts.alreadyLoggedIn };

/**
 * Every page of the page registry (@slipstream/contract/pages), in history mode, behind the guards of
 * docs/product.md (Accounts and guards). Plain route objects (elements, no loaders), so React Router's declarative router renders them: its
 * data router would add about 16 kB gzip to the start-up JavaScript. The tests render the same table in a memory
 * data router.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      {
        // Errors show inside the shell, so the navbar still leads elsewhere.
        element: <RouteErrorBoundary />,
        children: [
          ...pagesFor(undefined).map(pageRoute),
          ...pagesFor('signedOut').map((name) => ({ element: <RequireSignedOut alert={signedOutAlerts[name]} />, children: [pageRoute(name)] })),
          // One guard for each family, so it stays mounted from one of its pages to the next.
          { element: <RequireSignedIn />, children: pagesFor('signedIn').map(pageRoute) },
          { element: <RequireAdmin />, children: pagesFor('admin').map(pageRoute) },
        ],
      },
    ],
  },
];

/** The screen for the current address (inside a BrowserRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
