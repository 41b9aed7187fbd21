import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
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

/** Loads the code of the screen at pathname (the first page's, before the first render: issue 10). */
export function loadScreenFor(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map(({ route }) => screenLoaders.get(route.element)?.()));
}

/**
 * Every route of the spec (section 2), in history mode. Plain route objects (elements, no loaders), so React
 * Router's declarative router renders them: its data router would add about 16 kB gzip to the start-up
 * JavaScript (issue 10). The tests render the same table in a memory data router.
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
          { index: true, element: lazyScreen(() => import('../features/home/HomePage')) },
          {
            path: 'schedule',
            children: [
              { index: true, element: lazyScreen(() => import('../features/schedule/SchedulePage')) },
              { path: ':an/:meeting_name', element: lazyScreen(() => import('../features/schedule/MeetingPage')) },
            ],
          },
          { path: 'teams', element: lazyScreen(() => import('../features/standings/TeamsPage')) },
          {
            path: 'drivers',
            children: [
              { index: true, element: lazyScreen(() => import('../features/standings/DriversPage')) },
              { path: ':id', element: lazyScreen(() => import('../features/standings/DriverPage')) },
            ],
          },
          { path: 'qualifying-results/:an?', element: lazyScreen(() => import('../features/results/QualifyingResultsPage')) },
          { path: 'race-results/:an?', element: lazyScreen(() => import('../features/results/RaceResultsPage')) },
          {
            path: 'vote',
            children: [
              { index: true, element: lazyScreen(() => import('../features/vote/VotePage')) },
              { path: 'results', element: lazyScreen(() => import('../features/vote/VoteResultsPage')) },
            ],
          },
          { path: 'track-vizualizer', element: lazyScreen(() => import('../features/track/TrackVisualizerPage')) },
          { path: 'reaction-game', element: lazyScreen(() => import('../features/game/ReactionGamePage')) },
          { path: 'f1-history', element: lazyScreen(() => import('../features/history/HistoryPage')) },
          { path: 'compare', element: lazyScreen(() => import('../features/compare/ComparePage')) },
          { path: 'title-fight', element: lazyScreen(() => import('../features/title-fight/TitleFightPage')) },
          { path: 'live', element: lazyScreen(() => import('../features/live/LivePage')) },
          { path: 'fun', element: lazyScreen(() => import('../features/fun/FunPage')) },

          // Accounts, with the guards of spec section 6.
          {
            path: 'login',
            element: <RequireSignedOut />,
            children: [{ index: true, element: lazyScreen(() => import('../features/account/LoginPage')) }],
          },
          {
            path: 'signup',
            element: <RequireSignedOut alert={guardAlerts.alreadyLoggedIn} />,
            children: [{ index: true, element: lazyScreen(() => import('../features/account/SignupPage')) }],
          },
          { path: 'forgot-password', element: lazyScreen(() => import('../features/account/ForgotPasswordPage')) },
          { path: 'confirm', element: lazyScreen(() => import('../features/account/ConfirmPage')) },
          { path: 'auth-action', element: lazyScreen(() => import('../features/account/AuthActionPage')) },
          {
            element: <RequireSignedIn />,
            children: [
              { path: 'profile', element: lazyScreen(() => import('../features/account/ProfilePage')) },
              { path: 'update-profile', element: lazyScreen(() => import('../features/account/UpdateProfilePage')) },
            ],
          },

          { path: 'info', element: lazyScreen(() => import('../features/info/InfoPage')) },
          { path: 'privacy-policy', element: lazyScreen(() => import('../features/info/PrivacyPolicyPage')) },
          { path: 'terms-of-service', element: lazyScreen(() => import('../features/info/TermsOfServicePage')) },

          // Admin only (spec section 6).
          {
            element: <RequireAdmin />,
            children: [
              { path: 'test', element: lazyScreen(() => import('../features/admin/TestPage')) },
              { path: 'update-teams', element: lazyScreen(() => import('../features/admin/UpdateTeamsPage')) },
              {
                path: 'admin',
                children: [
                  { index: true, element: lazyScreen(() => import('../features/admin/AdminPage')) },
                  { path: 'season-events', element: lazyScreen(() => import('../features/admin/SeasonEventsPage')) },
                  { path: 'test', element: lazyScreen(() => import('../features/admin/AdminTestPage')) },
                  { path: 'driver-editor', element: lazyScreen(() => import('../features/admin/DriverEditorPage')) },
                  { path: 'team-editor', element: lazyScreen(() => import('../features/admin/TeamEditorPage')) },
                ],
              },
            ],
          },

          { path: '*', element: lazyScreen(() => import('../features/info/NotFoundPage')) },
        ],
      },
    ],
  },
];

/** The screen for the current address (inside a BrowserRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
