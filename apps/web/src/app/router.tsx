import { createBrowserRouter, type RouteObject } from 'react-router';
import { guardAlerts, RequireAdmin, RequireSignedIn, RequireSignedOut } from './guards';
import { RouteError } from './shell/RouteError';
import { Shell, StartSpinner } from './shell/Shell';

/**
 * Every route of the spec (section 2), in history mode. Each screen is its own chunk, loaded on
 * first visit from its feature folder; a route module exports `Component` (and may add `loader`,
 * `ErrorBoundary` or `handle`, which React Router picks up the same way).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Shell,
    HydrateFallback: StartSpinner,
    children: [
      {
        // Errors show inside the shell, so the navbar still leads elsewhere.
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: () => import('../features/home/HomePage') },
          {
            path: 'schedule',
            children: [
              { index: true, lazy: () => import('../features/schedule/SchedulePage') },
              { path: ':an/:meeting_name', lazy: () => import('../features/schedule/MeetingPage') },
            ],
          },
          { path: 'teams', lazy: () => import('../features/standings/TeamsPage') },
          {
            path: 'drivers',
            children: [
              { index: true, lazy: () => import('../features/standings/DriversPage') },
              { path: ':id', lazy: () => import('../features/standings/DriverPage') },
            ],
          },
          { path: 'qualifying-results/:an?', lazy: () => import('../features/results/QualifyingResultsPage') },
          { path: 'race-results/:an?', lazy: () => import('../features/results/RaceResultsPage') },
          {
            path: 'vote',
            children: [
              { index: true, lazy: () => import('../features/vote/VotePage') },
              { path: 'results', lazy: () => import('../features/vote/VoteResultsPage') },
            ],
          },
          { path: 'track-vizualizer', lazy: () => import('../features/track/TrackVisualizerPage') },
          { path: 'reaction-game', lazy: () => import('../features/game/ReactionGamePage') },
          { path: 'f1-history', lazy: () => import('../features/history/HistoryPage') },
          { path: 'compare', lazy: () => import('../features/compare/ComparePage') },
          { path: 'title-fight', lazy: () => import('../features/title-fight/TitleFightPage') },
          { path: 'live', lazy: () => import('../features/live/LivePage') },
          { path: 'fun', lazy: () => import('../features/fun/FunPage') },

          // Accounts, with the guards of spec section 6.
          {
            path: 'login',
            element: <RequireSignedOut />,
            children: [{ index: true, lazy: () => import('../features/account/LoginPage') }],
          },
          {
            path: 'signup',
            element: <RequireSignedOut alert={guardAlerts.alreadyLoggedIn} />,
            children: [{ index: true, lazy: () => import('../features/account/SignupPage') }],
          },
          { path: 'forgot-password', lazy: () => import('../features/account/ForgotPasswordPage') },
          { path: 'confirm', lazy: () => import('../features/account/ConfirmPage') },
          { path: 'auth-action', lazy: () => import('../features/account/AuthActionPage') },
          {
            element: <RequireSignedIn />,
            children: [
              { path: 'profile', lazy: () => import('../features/account/ProfilePage') },
              { path: 'update-profile', lazy: () => import('../features/account/UpdateProfilePage') },
            ],
          },

          { path: 'info', lazy: () => import('../features/info/InfoPage') },
          { path: 'privacy-policy', lazy: () => import('../features/info/PrivacyPolicyPage') },
          { path: 'terms-of-service', lazy: () => import('../features/info/TermsOfServicePage') },

          // Admin only (spec section 6).
          {
            element: <RequireAdmin />,
            children: [
              { path: 'test', lazy: () => import('../features/admin/TestPage') },
              { path: 'update-teams', lazy: () => import('../features/admin/UpdateTeamsPage') },
              {
                path: 'admin',
                children: [
                  { index: true, lazy: () => import('../features/admin/AdminPage') },
                  { path: 'season-events', lazy: () => import('../features/admin/SeasonEventsPage') },
                  { path: 'test', lazy: () => import('../features/admin/AdminTestPage') },
                  { path: 'driver-editor', lazy: () => import('../features/admin/DriverEditorPage') },
                  { path: 'team-editor', lazy: () => import('../features/admin/TeamEditorPage') },
                ],
              },
            ],
          },

          { path: '*', lazy: () => import('../features/info/NotFoundPage') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
