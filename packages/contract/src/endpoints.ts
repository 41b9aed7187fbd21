/**
 * Every endpoint of the site's JSON API, once, as plain data (docs/decisions, "One endpoint registry"): the server
 * registers its handlers by these names, the web app's client calls by them, the server's rendering reads a page's
 * first reads by them, and the service worker keeps the answers marked for offline use. The schemas of each
 * endpoint's parameters and answer are in endpoint-schemas.ts, by the same names, so that the browser's code takes
 * this file without zod.
 *
 * Outside it: the Ergast-compatible API (/api/ergast/f1/…, any path Ergast's clients ask, docs/api-ergast.md), whose
 * one route answers the six Ergast reads below too, and the test hooks (/api/test/…, only with TEST_HOOKS).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How long an answer may be kept, and by whom (the server's Cache-Control):
 * - `clock`: follows the racing clock and the timetable: a shared cache keeps it a minute, browsers revalidate;
 * - `data`: changes only with an import: five minutes;
 * - `community`: carries fans' counts: revalidated on every use;
 * - `list`: the news lists: a minute;
 * - `asset`: drawings and flags: a day or more;
 * - `revalidate`: the same for everyone but revalidated on every use (no-cache);
 * - `none`: never stored (no-store), or a write;
 * - `private`: the visitor's own (their token or cookie).
 * Only the first six are the same for every visitor: a rendered page may carry them.
 */
export type CacheClass = 'clock' | 'data' | 'community' | 'list' | 'asset' | 'revalidate' | 'none' | 'private';

/** The pushes of the event stream (GET /api/live/events) after which an answer may have changed. */
export type LiveEvent = 'results-updated' | 'vote-results-updated' | 'live-timing';

export type Endpoint = {
  method: HttpMethod;
  /** `:name` is a parameter (one segment, or the part of one before a suffix: `:code.svg`). */
  path: `/api/${string}`;
  cache: CacheClass;
  /** The service worker keeps the last answer and shows it offline, marked with its age (docs/offline.md). */
  offline?: true;
  events?: readonly LiveEvent[];
  /**
   * `session`: the signed-in user's access token, from the session (renewed once when refused); `bearer`: a token
   * the caller passes, or none (the vote, which a device's visitor casts too, and the reaction game).
   */
  auth?: 'session' | 'bearer';
  /** A call a cookie authenticates: it must show it comes from the app (the server's CSRF check). */
  appRequest?: true;
  /** Gives up after the network time-out of docs/product.md (Calls and failures): the accounts calls. */
  timeout?: true;
  /** Not JSON: an SVG drawing, an iCalendar file, the event stream, or a redirect to a sign-in provider. */
  format?: 'svg' | 'ics' | 'events' | 'redirect';
  /** Answered by the Ergast-compatible API's route, which answers every Ergast path. */
  ergast?: true;
};

const F1_RESULTS = ['results-updated'] as const;
const VOTE_RESULTS = ['vote-results-updated'] as const;

type Extras = Omit<Endpoint, 'method' | 'path' | 'cache'>;
const read = <const P extends Endpoint['path'], const C extends CacheClass, const E extends Extras = object>(path: P, cache: C, more?: E) =>
  ({ method: 'GET', path, cache, ...more }) as { method: 'GET'; path: P; cache: C } & E;
const write = <const M extends Exclude<HttpMethod, 'GET'>, const P extends Endpoint['path'], const E extends Extras = object>(method: M, path: P, more?: E) =>
  ({ method, path, cache: 'none', ...more }) as { method: M; path: P; cache: 'none' } & E;
const account = { timeout: true } as const;
const signedIn = { auth: 'session' } as const;
const signedInAccount = { auth: 'session', timeout: true } as const;
const ergast = { offline: true, events: F1_RESULTS, ergast: true } as const;

export const ENDPOINTS = {
  // The shell: the racing clock, the featured season, the next meeting (docs/product.md, Shell).
  time: read('/api/time', 'none', { offline: true }),
  meta: read('/api/meta', 'revalidate', { offline: true, events: F1_RESULTS }),
  health: read('/api/health', 'none'),
  ready: read('/api/ready', 'none'),
  nextMeeting: read('/api/get-next', 'clock', { offline: true }),

  // The calendar and the F1 facts (modules/f1).
  lastMeeting: read('/api/get-last', 'clock', { offline: true, events: F1_RESULTS }),
  eventTracker: read('/api/event-tracker', 'clock', { offline: true, events: F1_RESULTS }),
  seasonSchedule: read('/api/seasons/:year/meetings', 'clock', { offline: true, events: F1_RESULTS }),
  meeting: read('/api/seasons/:year/meetings/:slug', 'clock', { offline: true, events: F1_RESULTS }),
  sessionAnalysis: read('/api/seasons/:year/meetings/:slug/analysis', 'clock', { offline: true, events: F1_RESULTS }),
  lastRaceSummary: read('/api/season-results/homepage/:season/:raceId_slug', 'data', { offline: true, events: F1_RESULTS }),
  teams: read('/api/teams', 'community', { offline: true, events: F1_RESULTS }),
  drivers: read('/api/drivers', 'community', { offline: true, events: F1_RESULTS }),
  driver: read('/api/drivers/:code', 'community', { offline: true, events: F1_RESULTS }),
  driverFans: read('/api/favourite-drivers/fans', 'community'),
  trackSeason: read('/api/track/:year', 'clock', { offline: true, events: F1_RESULTS }),
  circuitDrawing: read('/api/circuits/:layoutId.svg', 'asset', { offline: true, format: 'svg' }),
  flag: read('/api/flags/:code.svg', 'asset', { offline: true, format: 'svg' }),
  seasonCalendar: read('/api/calendar/:file', 'clock', { format: 'ics' }),
  meetingCalendar: read('/api/calendar/:year/:file', 'clock', { format: 'ics' }),
  history: read('/api/history', 'clock', { offline: true, events: F1_RESULTS }),
  compareDrivers: read('/api/compare/drivers', 'data'),
  compare: read('/api/compare', 'clock', { events: F1_RESULTS }),
  titleFight: read('/api/title-fight', 'clock', { events: F1_RESULTS }),

  // The six Ergast reads of the results and standings screens (docs/product.md, Results).
  ergastSeason: read('/api/ergast/f1/:season.json', 'data', ergast),
  ergastRaceResults: read('/api/ergast/f1/:season/:round/results.json', 'data', ergast),
  ergastSprint: read('/api/ergast/f1/:season/:round/sprint.json', 'data', ergast),
  ergastQualifying: read('/api/ergast/f1/:season/:round/qualifying.json', 'data', ergast),
  ergastDriverStandings: read('/api/ergast/f1/:season/:round/driverStandings.json', 'data', ergast),
  ergastConstructorStandings: read('/api/ergast/f1/:season/:round/constructorStandings.json', 'data', ergast),

  // Live (docs/live-timing.md, docs/live-updates.md).
  liveCentre: read('/api/live/centre', 'revalidate', { events: F1_RESULTS }),
  liveEvents: read('/api/live/events', 'none', { format: 'events' }),
  liveTiming: read('/api/live/timing', 'none', { events: ['live-timing'] }),
  liveFeed: read('/api/live/feed', 'none'),
  replayCatalogue: read('/api/live/replays', 'data'),
  replaySession: read('/api/live/replays/session', 'data'),

  // News.
  officialNews: read('/api/news/official', 'list', { offline: true }),
  raceFansNews: read('/api/stiri-rf', 'list', { offline: true }),
  news: read('/api/news', 'list', { offline: true }),
  newsSources: read('/api/news/sources', 'revalidate', { offline: true }),

  // The fan vote (docs/api-votes.md).
  voteState: read('/api/vote', 'private', { auth: 'bearer', events: VOTE_RESULTS }),
  castVote: write('POST', '/api/vote', { auth: 'bearer', appRequest: true }),
  voteResults: read('/api/vote/results', 'revalidate', { events: VOTE_RESULTS }),
  votePreview: read('/api/vote-results/:fomRaceId', 'revalidate', { events: VOTE_RESULTS }),
  myVotes: read('/api/votes/mine', 'private', { auth: 'bearer' }),

  // The reaction game and trivia (docs/api-fun.md).
  reactionLeaderboard: read('/api/reaction-game/leaderboard', 'revalidate'),
  myReactionBest: read('/api/reaction-game/me', 'private', { auth: 'bearer' }),
  startReactionRun: write('POST', '/api/reaction-game/starts', { auth: 'bearer', timeout: true }),
  saveReactionTime: write('POST', '/api/reaction-game/times', { auth: 'bearer' }),
  newTriviaRound: write('POST', '/api/trivia/rounds'),
  answerTrivia: write('POST', '/api/trivia/rounds/:roundId/answers'),
  triviaMap: read('/api/trivia/rounds/:roundId/questions/:question/map.svg', 'private', { format: 'svg' }),

  // Accounts (docs/api-accounts.md).
  passwordPolicy: read('/api/auth/password-policy', 'data', account),
  authProviders: read('/api/auth/providers', 'revalidate', account),
  signUp: write('POST', '/api/auth/sign-up', account),
  signIn: write('POST', '/api/auth/sign-in', account),
  refreshSession: write('POST', '/api/auth/refresh', { appRequest: true, timeout: true }),
  signOut: write('POST', '/api/auth/sign-out', { appRequest: true, timeout: true }),
  me: read('/api/auth/me', 'private', signedInAccount),
  verifyEmail: write('POST', '/api/auth/verify-email', account),
  resendConfirmation: write('POST', '/api/auth/verify-email/resend', account),
  requestPasswordReset: write('POST', '/api/auth/password-reset', account),
  checkPasswordResetCode: write('POST', '/api/auth/password-reset/check', account),
  resetPassword: write('POST', '/api/auth/password-reset/confirm', account),
  oauthStart: read('/api/auth/oauth/:provider', 'private', { format: 'redirect' }),
  oauthCallback: read('/api/auth/oauth/:provider/callback', 'private', { format: 'redirect' }),
  checkAdmin: read('/api/check-admin', 'private', signedInAccount),
  profile: read('/api/profile/:uid', 'private', signedInAccount),
  replaceProfile: write('PUT', '/api/profile/:uid', signedInAccount),
  updateProfile: write('PATCH', '/api/profile/:uid', signedInAccount),
  uploadProfilePhoto: write('PUT', '/api/profile/:uid/photo', signedInAccount),
  removeProfilePhoto: write('DELETE', '/api/profile/:uid/photo', signedInAccount),
  deleteAccount: write('DELETE', '/api/profile/:uid', signedInAccount),

  // Administration (docs/product.md, Administration): the signed-in admin's token.
  adminStatus: read('/api/admin/status', 'private', signedIn),
  adminSources: read('/api/admin/sources', 'private', signedIn),
  checkSourceNow: write('POST', '/api/admin/sources/:source/check', signedIn),
  startReimport: write('POST', '/api/admin/actions/reimport', signedIn),
  adminJob: read('/api/admin/jobs/:id', 'private', signedIn),
  refreshNewsNow: write('POST', '/api/admin/actions/news-refresh', signedIn),
  recomputeStandings: write('POST', '/api/admin/actions/recompute-standings', signedIn),
  adminUsers: read('/api/admin/users', 'private', signedIn),
  setUserRole: write('PATCH', '/api/admin/users/:id', signedIn),
  deleteUser: write('DELETE', '/api/admin/users/:id', signedIn),
  auditLog: read('/api/admin/audit', 'private', signedIn),
  diagnostics: read('/api/admin/diagnostics', 'private', signedIn),
  sendTestMail: write('POST', '/api/admin/diagnostics/test-mail', signedIn),
  adminNewsRefresh: write('POST', '/api/admin/news/refresh', signedIn),
  addNewsItem: write('POST', '/api/admin/news', signedIn),
  updateNewsItem: write('PATCH', '/api/admin/news/:id', signedIn),
  deleteNewsItem: write('DELETE', '/api/admin/news/:id', signedIn),
  seasonEvents: read('/api/admin/season-events', 'private', signedIn),
  addSession: write('POST', '/api/admin/season-events/sessions', signedIn),
  moveSession: write('PUT', '/api/admin/season-events/sessions/:raceId/:kind/start', signedIn),
  setSessionCancelled: write('PUT', '/api/admin/season-events/sessions/:raceId/:kind/cancelled', signedIn),
  deleteSession: write('DELETE', '/api/admin/season-events/sessions/:raceId/:kind', signedIn),
  revertSession: write('DELETE', '/api/admin/season-events/sessions/:raceId/:kind/override', signedIn),
  searchAdminDrivers: read('/api/admin/drivers', 'private', signedIn),
  driverOverride: read('/api/admin/drivers/:driverId', 'private', signedIn),
  updateDriverOverride: write('PATCH', '/api/admin/drivers/:driverId', signedIn),
  revertDriverOverride: write('DELETE', '/api/admin/drivers/:driverId/override', signedIn),
  driverHistory: read('/api/admin/drivers/:driverId/history', 'private', signedIn),
  searchAdminTeams: read('/api/admin/teams', 'private', signedIn),
  teamOverride: read('/api/admin/teams/:constructorId', 'private', signedIn),
  updateTeamOverride: write('PATCH', '/api/admin/teams/:constructorId', signedIn),
  revertTeamOverride: write('DELETE', '/api/admin/teams/:constructorId/override', signedIn),
  teamHistory: read('/api/admin/teams/:constructorId/history', 'private', signedIn),
  lineUps: read('/api/admin/line-ups', 'private', signedIn),
  replaceLineUp: write('PUT', '/api/admin/line-ups/:season/:constructorId', signedIn),
  revertLineUp: write('DELETE', '/api/admin/line-ups/:season/:constructorId', signedIn),
  uploadPicture: write('POST', '/api/admin/pictures', signedIn),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The names of an endpoint's path parameters: `:year` and `:code.svg` give `year` and `code`. */
type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? BeforeSuffix<Name> | ParamNames<`/${Tail}`>
    : BeforeSuffix<Rest>
  : never;
type BeforeSuffix<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** The path parameters an endpoint's URL is made with: a value per `:name` in its path. */
export type PathParamsOf<N extends EndpointName> = { [K in ParamNames<(typeof ENDPOINTS)[N]['path']>]: string | number };

const PARAMETER = /:(\w+)/g;

/** An endpoint's path with its parameters filled in, each encoded as one segment. */
export function endpointPath<N extends EndpointName>(name: N, params: PathParamsOf<N>): string {
  const values = params as Record<string, string | number>;
  return ENDPOINTS[name].path.replace(PARAMETER, (_, key: string) => encodeURIComponent(String(values[key])));
}

export type QueryValues = Record<string, string | number | boolean | undefined>;

/** An endpoint's URL (path and query; parameters left undefined are left out). */
export function endpointUrl<N extends EndpointName>(name: N, params: PathParamsOf<N>, query: QueryValues = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const path = endpointPath(name, params);
  return search.size > 0 ? `${path}?${search}` : path;
}

/** Whether answers of this cache class are the same for every visitor (a rendered page may carry them). */
export function isSharedAnswer(cache: CacheClass): boolean {
  return cache !== 'none' && cache !== 'private';
}
