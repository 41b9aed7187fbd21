/**
 * Every page of the site, once, as plain data: the web app's route table and service worker build, and the
 * server's page sending, page heads and sitemap all read it (docs/decisions, "One page registry"). Each page's
 * first reads are the web app's (apps/web/src/app/firstReads.ts, by page name): the server renders them through
 * the web app's own code, so it never names their API paths.
 */

/** Who may open a page: the web app's route guards (docs/product.md, Accounts and guards). Absent: everyone. */
export type PageAccess = 'signedOut' | 'signedIn' | 'admin';

/**
 * The screen works offline, from the public answers the service worker keeps (the endpoint registry's `offline`
 * endpoints, @slipstream/contract/endpoints).
 */
export type OfflinePolicy = {
  /** The screen's code is stored with the app shell when the service worker installs: it opens offline unvisited. */
  precache?: boolean;
};

export type SitePage = {
  /** As React Router matches it: `:name` takes one segment, `:name?` also none at the end, `*` any rest. */
  path: string;
  /** The screen's module in the web app: its lazily loaded code, and the web build manifest's key for it. */
  screen: `src/features/${string}Page.tsx`;
  access?: PageAccess;
  /** Visitors land here from outside: the page the server sends names its screen's code for preloading. */
  landing?: boolean;
  /** Absent: online only (accounts, votes, live data...). */
  offline?: OfflinePolicy;
  /** Listed in sitemap.xml; a path with parameters, at every address the data holds (the server's seo/sitemap.ts). */
  sitemap?: boolean;
  /**
   * Its name in the browser tab, before the site's (documentTitle): every page without parameters has one but the
   * home page, and the season pages add the season (seasonTitle). The server writes it into the page's head with
   * the page's description (page-descriptions.ts) and the screen keeps both; a page with parameters makes its own
   * head from the data.
   */
  title?: string;
  /** Its Open Graph type where it is not 'website': the legal texts are articles. */
  ogType?: 'article';
};

const precached = { precache: true } as const;

export const PAGES = {
  home: {
    path: '/',
    screen: 'src/features/home/HomePage.tsx',
    landing: true,
    offline: precached,
    sitemap: true,
  },
  schedule: {
    path: '/schedule',
    screen: 'src/features/schedule/SchedulePage.tsx',
    landing: true,
    offline: precached,
    sitemap: true,
    title: 'Schedule',
  },
  meeting: {
    path: '/schedule/:an/:meeting_name',
    screen: 'src/features/schedule/MeetingPage.tsx',
    landing: true,
    offline: {},
    sitemap: true,
  },
  teams: {
    path: '/teams',
    screen: 'src/features/standings/TeamsPage.tsx',
    landing: true,
    offline: precached,
    sitemap: true,
    title: 'Team standings',
  },
  drivers: {
    path: '/drivers',
    screen: 'src/features/standings/DriversPage.tsx',
    landing: true,
    offline: precached,
    sitemap: true,
    title: 'Driver standings',
  },
  driver: { path: '/drivers/:id', screen: 'src/features/standings/DriverPage.tsx', landing: true, offline: {}, sitemap: true },
  qualifyingResults: { path: '/qualifying-results/:an?', screen: 'src/features/results/QualifyingResultsPage.tsx', landing: true, offline: precached, sitemap: true },
  raceResults: { path: '/race-results/:an?', screen: 'src/features/results/RaceResultsPage.tsx', landing: true, offline: precached, sitemap: true },
  vote: { path: '/vote', screen: 'src/features/vote/VotePage.tsx', landing: true, sitemap: true, title: 'Fan vote' },
  voteResults: { path: '/vote/results', screen: 'src/features/vote/VoteResultsPage.tsx', landing: true, sitemap: true, title: 'Vote results' },
  trackVisualizer: {
    path: '/track-vizualizer',
    screen: 'src/features/track/TrackVisualizerPage.tsx',
    offline: {},
    sitemap: true,
    title: 'Track visualiser',
  },
  reactionGame: { path: '/reaction-game', screen: 'src/features/game/ReactionGamePage.tsx', sitemap: true, title: 'Reaction game' },
  history: {
    path: '/f1-history',
    screen: 'src/features/history/HistoryPage.tsx',
    offline: {},
    sitemap: true,
    title: 'F1 history',
  },
  compare: { path: '/compare', screen: 'src/features/compare/ComparePage.tsx', landing: true, sitemap: true, title: 'Head to head' },
  titleFight: { path: '/title-fight', screen: 'src/features/title-fight/TitleFightPage.tsx', landing: true, sitemap: true, title: 'Title fight' },
  live: { path: '/live', screen: 'src/features/live/LivePage.tsx', landing: true, sitemap: true, title: 'Live' },
  fun: { path: '/fun', screen: 'src/features/fun/FunPage.tsx', sitemap: true, title: 'Fun' },

  login: { path: '/login', screen: 'src/features/account/LoginPage.tsx', access: 'signedOut', title: 'Log in' },
  signup: { path: '/signup', screen: 'src/features/account/SignupPage.tsx', access: 'signedOut', title: 'Sign up' },
  forgotPassword: { path: '/forgot-password', screen: 'src/features/account/ForgotPasswordPage.tsx', title: 'Forgot password' },
  confirm: { path: '/confirm', screen: 'src/features/account/ConfirmPage.tsx', title: 'Confirm your email' },
  authAction: { path: '/auth-action', screen: 'src/features/account/AuthActionPage.tsx', title: 'Account action' },
  profile: { path: '/profile', screen: 'src/features/account/ProfilePage.tsx', access: 'signedIn', title: 'Your profile' },
  updateProfile: { path: '/update-profile', screen: 'src/features/account/UpdateProfilePage.tsx', access: 'signedIn', title: 'Update profile' },

  info: { path: '/info', screen: 'src/features/info/InfoPage.tsx', sitemap: true, title: 'Info and sources' },
  privacyPolicy: { path: '/privacy-policy', screen: 'src/features/info/PrivacyPolicyPage.tsx', sitemap: true, title: 'Privacy policy', ogType: 'article' },
  termsOfService: { path: '/terms-of-service', screen: 'src/features/info/TermsOfServicePage.tsx', sitemap: true, title: 'Terms of service', ogType: 'article' },

  test: { path: '/test', screen: 'src/features/admin/TestPage.tsx', access: 'admin', title: 'Test' },
  updateTeams: { path: '/update-teams', screen: 'src/features/admin/UpdateTeamsPage.tsx', access: 'admin', title: 'Update teams' },
  admin: { path: '/admin', screen: 'src/features/admin/AdminPage.tsx', access: 'admin', title: 'Admin' },
  seasonEvents: { path: '/admin/season-events', screen: 'src/features/admin/SeasonEventsPage.tsx', access: 'admin', title: 'Season events' },
  adminTest: { path: '/admin/test', screen: 'src/features/admin/AdminTestPage.tsx', access: 'admin', title: 'Diagnostics' },
  driverEditor: { path: '/admin/driver-editor', screen: 'src/features/admin/DriverEditorPage.tsx', access: 'admin', title: 'Driver editor' },
  teamEditor: { path: '/admin/team-editor', screen: 'src/features/admin/TeamEditorPage.tsx', access: 'admin', title: 'Team editor' },

  notFound: { path: '*', screen: 'src/features/info/NotFoundPage.tsx', title: 'Page not found' },
} as const satisfies Record<string, SitePage>;

export type PageName = keyof typeof PAGES;

/** The pages about the featured season, whose tab title names it. */
export type SeasonPageName = 'schedule' | 'teams' | 'drivers';

/** A season page's tab title: the registry's, then the season once it is known ("Schedule 2025"). */
export function seasonTitle(name: SeasonPageName, season: number | undefined): string {
  const { title } = PAGES[name];
  return season === undefined ? title : `${title} ${season}`;
}

/**
 * The id of the page's state: the `<script type="application/json">` in which the server sends the page's first
 * reads (a TanStack Query dehydrated state), which the app hydrates and the service worker keeps for offline use.
 */
export const PAGE_STATE_ID = 'page-state';

/** Set by the service worker on an answer it gave from its store because the network failed: when it was stored. */
export const OFFLINE_STORED_AT_HEADER = 'x-slipstream-cached-at';

export type PathParams = Record<string, string | undefined>;

/** The params of pathname under a page path pattern (see SitePage.path), or undefined when it does not match. */
export function matchPattern(pattern: string, pathname: string): PathParams | undefined {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  const params: PathParams = {};
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') return params;
    const value = actual[index];
    if (value === undefined) {
      if (!segment.endsWith('?')) return undefined;
    } else if (segment.startsWith(':')) params[segment.slice(1).replace(/\?$/, '')] = value;
    else if (segment !== value) return undefined;
  }
  return actual.length > wanted.length ? undefined : params;
}

export type PageMatch = { name: PageName; page: SitePage; params: PathParams };

/** The page at pathname and its params: the first whose path matches, the not-found page at the latest. */
export function pageAt(pathname: string): PageMatch {
  for (const [name, page] of Object.entries(PAGES) as [PageName, SitePage][]) {
    const params = matchPattern(page.path, pathname);
    if (params) return { name, page, params };
  }
  return { name: 'notFound', page: PAGES.notFound, params: {} };
}
