import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { PAGES, type PageAccess, type PageName, type SitePage } from '@slipstream/contract/pages';
import { guardAlerts, RequireAdmin, RequireSignedIn, RequireSignedOut } from './guards';
import { RouteErrorBoundary } from './shell/RouteError';
import { Shell } from './shell/Shell';

type ScreenModule = { Component: ComponentType };

/** Each screen element's loader, for loading the first page's screen before the first render. */
const screenLoaders = new Map<ReactNode, () => Promise<ScreenModule>>();

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
  const element = <Screen />;
  screenLoaders.set(element, loadOnce);
  return element;
}

/** Loads the code of the screen at pathname (the first page's, before the first render). */
export function loadScreenFor(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map(({ route }) => screenLoaders.get(route.element)?.()));
}

/** Every screen module, by its path in the page registry (`src/features/...`): each one a chunk of its own. */
const screenModules = import.meta.glob<ScreenModule>('../features/*/*Page.tsx');

function screenModule(screen: string): () => Promise<ScreenModule> {
  const load = screenModules[screen.replace(/^src\//, '../')];
  if (!load) throw new Error(`${screen} is in the page registry but not in src/features`);
  return load;
}

const pageNames = Object.keys(PAGES) as PageName[];

const pageRoute = (name: PageName): RouteObject => ({ path: PAGES[name].path, element: lazyScreen(screenModule(PAGES[name].screen)) });

const pagesFor = (access: PageAccess | undefined) =>
  pageNames.filter((name) => (PAGES[name] as SitePage).access === access);

/** The spec's alert for a signed-in visitor sent away from a signed-out page: on /signup only (its isAuth route). */
const signedOutAlerts: Partial<Record<PageName, string>> = { signup: guardAlerts.alreadyLoggedIn };

/**
 * Every page of the page registry (@slipstream/contract/pages), in history mode, behind the guards of spec
 * section 6. Plain route objects (elements, no loaders), so React Router's declarative router renders them: its
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
