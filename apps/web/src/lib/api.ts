import {
  ERGAST_MAX_LIMIT,
  meetingCalendarPath,
  OFFICIAL_NEWS_LIMIT,
  pictureUpload,
  profilePhotoUpload,
  seasonCalendarPath,
  type AdminSessionParams,
  type AuditQuery,
  type BallotRequest,
  type CalendarSessions,
  type CircuitDrawingVariant,
  type FreshnessSource,
  type CompareQuery,
  type DriverOverridePatch,
  type LineUpReplacement,
  type PictureKind,
  type ProfilePatch,
  type ResetPasswordRequest,
  type Role,
  type SessionAdd,
  type SessionKind,
  type SessionTimeInput,
  type SignInRequest,
  type SignUpRequest,
  type TeamOverridePatch,
  type TitleFightQuery,
} from '@slipstream/contract';
import type * as contract from '@slipstream/contract';
import type { z } from 'zod';
import { noteAnswer } from './offline';
import { transport } from './transport';

/**
 * The one client for the site's API: a typed function per endpoint, each answer typed by (and in development
 * checked against) its contract schema. Components and queries call these; nothing else builds an API URL.
 */

/**
 * A failed call. Its message is the server's `message` field, or "Error" when it sent none (docs/product.md, Calls and failures); `code` is
 * the server's stable error code when it sent one (accounts), or NETWORK_FAILURE when no answer came.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const FALLBACK_MESSAGE = 'Error';
/** The code of a call that got no answer: offline, refused, or past its time-out. */
export const NETWORK_FAILURE = 'auth/network-request-failed';

type Query = Record<string, string | number | undefined>;

type RequestOptions = {
  query?: Query;
  init?: RequestInit;
  /** Sent with the signed-in user's Bearer token; without a user it fails with "User is not authenticated". */
  auth?: boolean;
  /** Gives up after the network time-out of docs/product.md (Calls and failures), for accounts calls. */
  timeout?: boolean;
};

type Contract = typeof contract;
/** The name of a contract schema: each call names the shape of its answer, and is typed by it. */
type SchemaName = { [K in keyof Contract]: Contract[K] extends z.ZodType ? K : never }[keyof Contract];
type Answer<K extends SchemaName> = z.output<Contract[K]>;

/**
 * Calls the API and gives its JSON answer, typed by the named contract schema. The browser build trusts the
 * server it was built with and does not ship zod (a quarter of the start-up JavaScript, docs/performance.md);
 * development builds and the tests load the contract and check every answer against it.
 */
async function requestJson<K extends SchemaName>(schema: K, path: string, options: RequestOptions = {}): Promise<Answer<K>> {
  const { response, body } = await call(path, options);
  const answer = import.meta.env.DEV ? await checkedAnswer(schema, path, response.status, body) : (body as Answer<K>);
  if (isPublicRead(options)) rememberApiPath(answer, apiUrl(path, options.query));
  return answer;
}

const isPublicRead = (options: RequestOptions) => !options.auth && options.init?.method === undefined;

/**
 * The API path each public answer was read from, so that a page the server renders can name where its data came
 * from: the service worker keeps those answers by path for offline use (entry-server.tsx, sw/).
 */
const publicAnswerPaths = new WeakMap<object, string>();

function rememberApiPath(answer: unknown, apiPath: string): void {
  if (typeof answer === 'object' && answer !== null) publicAnswerPaths.set(answer, apiPath);
}

/** Where a public answer was read from (its API path and query), when it is one. */
export function apiPathOf(answer: unknown): string | undefined {
  return typeof answer === 'object' && answer !== null ? publicAnswerPaths.get(answer) : undefined;
}

async function checkedAnswer<K extends SchemaName>(schema: K, path: string, status: number, body: unknown): Promise<Answer<K>> {
  const schemas: Contract = await import('@slipstream/contract');
  const parsed = (schemas[schema] as z.ZodType).safeParse(body);
  if (!parsed.success) {
    // The server and this build disagree on a shape: say where, for the console.
    throw new ApiError(status, `Unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return parsed.data as Answer<K>;
}

/** A text answer (an SVG drawing), for the few endpoints that are not JSON. */
async function requestText(path: string, query?: Query): Promise<string> {
  const response = await send(apiUrl(path, query), { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, messageOf(await readJson(response)));
  return response.text();
}

function apiUrl(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const suffix = search.size > 0 ? `?${search}` : '';
  return `/api${path}${suffix}`;
}

/** For answers without a body (204): succeeds or rejects like requestJson. */
async function requestNothing(path: string, options: RequestOptions = {}): Promise<void> {
  await call(path, options);
}

const RENEWABLE_REFUSALS = new Set(['auth/token-expired', 'auth/invalid-token']);

/** Sends the request (with the Bearer token when asked, renewing a refused one once) and reads its answer. */
async function call(path: string, options: RequestOptions): Promise<{ response: Response; body: unknown }> {
  const attempt = async (token: string | null) => {
    const response = await send(apiUrl(path, options.query), {
      credentials: 'same-origin',
      ...options.init,
      signal: options.timeout ? AbortSignal.timeout(networkTimeoutMs()) : options.init?.signal,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...options.init?.headers,
      },
    });
    noteAnswer(path, response.headers);
    return { response, body: await readJson(response) };
  };

  let answer = await attempt(options.auth ? await requireToken(accessTokens.token()) : null);
  // The token ran out on the way (or the device clock is off), or its session ended elsewhere (a password reset):
  // renew it once and try again. A session that ended cannot be renewed, which signs this tab out too.
  if (options.auth && answer.response.status === 401 && RENEWABLE_REFUSALS.has(codeOf(answer.body) ?? '')) {
    answer = await attempt(await requireToken(accessTokens.renew()));
  }
  if (!answer.response.ok) throw new ApiError(answer.response.status, messageOf(answer.body), codeOf(answer.body));
  return answer;
}

async function requireToken(token: Promise<string | null>): Promise<string> {
  const value = await token;
  if (!value) throw new ApiError(401, 'User is not authenticated', 'auth/unauthenticated');
  return value;
}

/**
 * Where authenticated calls get their Bearer token: the accounts session plugs in with setAccessTokenSource.
 * `token` gives a current one (refreshing first if it is about to expire), `renew` a fresh one; both give null
 * when nobody is signed in.
 */
export type AccessTokenSource = { token(): Promise<string | null>; renew(): Promise<string | null> };

export const noAccessTokens: AccessTokenSource = { token: async () => null, renew: async () => null };
let accessTokens: AccessTokenSource = noAccessTokens;

export function setAccessTokenSource(source: AccessTokenSource): void {
  accessTokens = source;
}

/** The signed-in user's current access token, or null for an anonymous visitor (for calls that work both ways). */
export function currentAccessToken(): Promise<string | null> {
  return accessTokens.token();
}

/** The network time-out of accounts calls (docs/product.md, Calls and failures): 30 s on a desktop, 60 s on a phone. */
export function networkTimeoutMs(): number {
  return isMobileDevice() ? 60_000 : 30_000;
}

function isMobileDevice(): boolean {
  const hints = (navigator as Navigator & { userAgentData?: { mobile: boolean } }).userAgentData;
  return hints ? hints.mobile : /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/** A network failure has no server message either: it becomes the same "Error"; an abort stays an abort. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await transport(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, FALLBACK_MESSAGE, NETWORK_FAILURE);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function codeOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'code' in body) {
    const { code } = body as { code: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function messageOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return FALLBACK_MESSAGE;
}

const segment = encodeURIComponent;

/** The proxy cache duration for the event tracker, in seconds (docs/product.md, Home). */
const EVENT_TRACKER_CACHE_SECONDS = 240;
/** Marks calls that a cookie authenticates as the app's own (the server's CSRF check). */
const APP_REQUEST = { 'x-requested-with': 'fetch' };

function bearer(accessToken: string | null): Record<string, string> {
  return accessToken ? { authorization: `Bearer ${accessToken}` } : {};
}

/** The refresh-cookie calls must show they come from this app (the server's CSRF guard). */
const fromThisApp: RequestInit = { method: 'POST', headers: APP_REQUEST };

/** A POST with a JSON body, and the caller's access token when the endpoint needs a signed-in user. */
function postJson(body: unknown, accessToken?: string): RequestInit {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  return { method: 'POST', headers, body: JSON.stringify(body) };
}

export const api = {
  /** The server's racing clock (pinned in demos and tests). */
  getTime: () => requestJson('timeResponse', '/time'),
  /** The featured season and the imported F1DB version. */
  getMeta: () => requestJson('metaResponse', '/meta'),
  getNextMeeting: () => requestJson('nextMeetingResponse', '/get-next'),
  /** The last finished meeting, or the "too soon" message when the next one is under a day away. */
  getLastMeeting: () => requestJson('lastMeetingResponse', '/get-last'),
  getTeams: (season?: number) => requestJson('teamsResponse', '/teams', { query: { season } }),
  getDrivers: (options: { order?: 'asc' | 'desc'; season?: number } = {}) =>
    requestJson('driversResponse', '/drivers', { query: { order: options.order ?? 'asc', season: options.season } }),
  getDriver: (code: string) => requestJson('driverDetailResponse', `/drivers/${segment(code)}`),
  getDriverFans: () => requestJson('driverFansResponse', '/favourite-drivers/fans'),
  getLastRaceSummary: (season: number, raceId: number, slug: string) =>
    requestJson('lastRaceSummary', `/season-results/homepage/${season}/${raceId}_${segment(slug)}`),
  getSeasonSchedule: (season: number) => requestJson('seasonScheduleResponse', `/seasons/${season}/meetings`),
  getMeeting: (season: number, slug: string) =>
    requestJson('meetingDetailResponse', `/seasons/${season}/meetings/${segment(slug)}`),
  getSessionAnalysis: (season: number, slug: string, session?: SessionKind) =>
    requestJson('sessionAnalysis', `/seasons/${season}/meetings/${segment(slug)}/analysis`, session ? { query: { session } } : {}),

  // Calendar feeds (features/schedule): iCalendar files the browser downloads and calendar apps subscribe to.
  seasonCalendarUrl: (season: number, sessions: CalendarSessions) => seasonCalendarPath(season, sessions),
  meetingCalendarUrl: (season: number, round: number) => meetingCalendarPath(season, round),

  // Track visualiser (features/track).
  getTrackSeason: (season: number) => requestJson('trackSeasonResponse', `/track/${season}`),
  /** The F1DB drawing of a circuit layout: "black" strokes for light backgrounds, "white" for dark. */
  circuitDrawingUrl: (layoutId: string, variant: CircuitDrawingVariant) => apiUrl(`/circuits/${segment(layoutId)}.svg`, { variant }),
  getCircuitDrawing: (layoutId: string, variant: CircuitDrawingVariant) =>
    requestText(`/circuits/${segment(layoutId)}.svg`, { variant }),

  // Live session centre (features/live).
  getLiveCentre: () => requestJson('liveCentreResponse', '/live/centre'),
  /** The live timing tower now (and the sequence number its deltas follow). */
  getLiveTiming: () => requestJson('liveTimingSnapshot', '/live/timing'),
  /** Whether the server's live-timing feed is connected, reconnecting or unreachable, and since when. */
  getLiveFeed: () => requestJson('liveFeedStatus', '/live/feed'),
  getReplayCatalogue: (season: number) => requestJson('replayCatalogue', '/live/replays', { query: { season } }),
  /** An archived session's timing messages, which the page replays itself. */
  getReplaySession: (ref: string) => requestJson('replaySession', '/live/replays/session', { query: { ref } }),
  /** The push channel of stored results (server-sent events); the caller closes it. */
  openLiveEvents: () => new EventSource(apiUrl('/live/events')),

  // Schedule: images the server makes, addressed here so no component spells an API URL.
  /** A country's flag (3:2 SVG) by ISO 3166-1 alpha-2 code. */
  flagUrl: (countryCode: string) => apiUrl(`/flags/${segment(countryCode.toLowerCase())}.svg`),

  /* Home */
  /**
   * The current or next meeting with its timetable. docs/product.md (Home) asks the caching proxy to keep it 240 s
   * (X-Cache-Duration); `revalidate` asks the browser's cache too, once a meeting has ended.
   */
  getEventTracker: ({ revalidate = false }: { revalidate?: boolean } = {}) =>
    requestJson('eventTrackerResponse', '/event-tracker', {
      init: { headers: { 'X-Cache-Duration': String(EVENT_TRACKER_CACHE_SECONDS) }, cache: revalidate ? 'no-cache' : 'default' },
    }),

  /* News */
  getOfficialNews: () => requestJson('officialNewsResponse', '/news/official', { query: { limit: OFFICIAL_NEWS_LIMIT } }),
  getRaceFansNews: () => requestJson('raceFansNewsResponse', '/stiri-rf'),
  /** Each feed and when it was last read, to say honestly why a list is empty. */
  getNewsSources: () => requestJson('newsSourcesResponse', '/news/sources'),
  // Fan vote (features/vote). accessToken: the signed-in voter's, or null to vote as this device's visitor.
  getVoteState: (accessToken: string | null) => requestJson('voteStateResponse', '/vote', { init: { headers: bearer(accessToken) } }),
  castVote: (ballot: BallotRequest, accessToken: string | null) =>
    requestJson('castVoteResponse', '/vote', {
      init: {
        method: 'POST',
        body: JSON.stringify(ballot),
        headers: { 'content-type': 'application/json', ...APP_REQUEST, ...bearer(accessToken) },
      },
    }),
  getVoteResults: () => requestJson('voteResultsResponse', '/vote/results'),
  /** A race's vote preview (docs/product.md, Home): its current leaders. */
  getVotePreview: (fomRaceId: number) => requestJson('votePreviewResponse', `/vote-results/${fomRaceId}`),
  getMyVotes: (accessToken: string) => requestJson('myVotesResponse', '/votes/mine', { init: { headers: bearer(accessToken) } }),

  // Results screens: the Ergast-compatible API, one page of 100 rows per call (docs/product.md, Results).
  /** The rounds of a season. */
  getErgastSeason: (season: number) =>
    requestJson('ergastRacesResponse', `/ergast/f1/${season}.json`, { query: { limit: ERGAST_MAX_LIMIT } }),
  /** The race classification of one round; no race in the table when it has no results yet. */
  getErgastRaceResults: (season: number, round: number) =>
    requestJson('ergastResultsResponse', `/ergast/f1/${season}/${round}/results.json`, { query: { limit: ERGAST_MAX_LIMIT } }),
  /** The sprint classification of one round; no race in the table when it has none. */
  getErgastSprint: (season: number, round: number) =>
    requestJson('ergastSprintResponse', `/ergast/f1/${season}/${round}/sprint.json`, { query: { limit: ERGAST_MAX_LIMIT } }),
  /** The drivers' standings after one round. */
  getErgastDriverStandings: (season: number, round: number) =>
    requestJson('ergastDriverStandingsResponse', `/ergast/f1/${season}/${round}/driverStandings.json`, { query: { limit: ERGAST_MAX_LIMIT } }),
  /** The constructors' standings after one round. */
  getErgastConstructorStandings: (season: number, round: number) =>
    requestJson('ergastConstructorStandingsResponse', `/ergast/f1/${season}/${round}/constructorStandings.json`, {
      query: { limit: ERGAST_MAX_LIMIT },
    }),
  /** The qualifying classification of one round, with Q1, Q2 and Q3 times. */
  getErgastQualifying: (season: number, round: number) =>
    requestJson('ergastQualifyingResponse', `/ergast/f1/${season}/${round}/qualifying.json`, { query: { limit: ERGAST_MAX_LIMIT } }),

  // Accounts: sign-up, sessions, mailed links, profile (docs/api-accounts.md).
  getPasswordPolicy: () => requestJson('passwordPolicy', '/auth/password-policy', { timeout: true }),
  getAuthProviders: () => requestJson('providersResponse', '/auth/providers', { timeout: true }),
  signUp: (body: SignUpRequest) => requestJson('signUpResponse', '/auth/sign-up', { init: postJson(body), timeout: true }),
  signIn: (body: SignInRequest) => requestJson('sessionResponse', '/auth/sign-in', { init: postJson(body), timeout: true }),
  /** Trades the refresh cookie for a new session (and a new cookie); 401 when nobody is signed in. */
  refreshSession: () => requestJson('sessionResponse', '/auth/refresh', { init: fromThisApp, timeout: true }),
  signOut: () => requestNothing('/auth/sign-out', { init: fromThisApp, timeout: true }),
  verifyEmail: (oobCode: string) => requestJson('actionCodeInfo', '/auth/verify-email', { init: postJson({ oobCode }), timeout: true }),
  resendConfirmation: (email: string) =>
    requestJson('messageResponse', '/auth/verify-email/resend', { init: postJson({ email }), timeout: true }),
  requestPasswordReset: (email: string) =>
    requestJson('messageResponse', '/auth/password-reset', { init: postJson({ email }), timeout: true }),
  checkPasswordResetCode: (oobCode: string) =>
    requestJson('actionCodeInfo', '/auth/password-reset/check', { init: postJson({ oobCode }), timeout: true }),
  resetPassword: (body: ResetPasswordRequest) =>
    requestJson('messageResponse', '/auth/password-reset/confirm', { init: postJson(body), timeout: true }),
  checkAdmin: () => requestJson('checkAdminResponse', '/check-admin', { auth: true, timeout: true }),
  getProfile: (uid: string) => requestJson('profileResponse', `/profile/${segment(uid)}`, { auth: true, timeout: true }),
  updateProfile: (uid: string, changes: ProfilePatch) =>
    requestJson('profileResponse', `/profile/${segment(uid)}`, { init: { ...postJson(changes), method: 'PATCH' }, auth: true, timeout: true }),
  uploadProfilePhoto: (uid: string, photo: Blob) => {
    const form = new FormData();
    form.append(profilePhotoUpload.field, photo);
    return requestJson('profileResponse', `/profile/${segment(uid)}/photo`, { init: { method: 'PUT', body: form }, auth: true, timeout: true });
  },
  removeProfilePhoto: (uid: string) =>
    requestJson('profileResponse', `/profile/${segment(uid)}/photo`, { init: { method: 'DELETE' }, auth: true, timeout: true }),
  deleteAccount: (uid: string) => requestNothing(`/profile/${segment(uid)}`, { init: { method: 'DELETE' }, auth: true, timeout: true }),

  // Reaction game (features/game). The signed-in calls take the token from features/game/playerToken.
  getReactionLeaderboard: () => requestJson('leaderboardResponse', '/reaction-game/leaderboard'),
  getMyReactionBest: (accessToken: string) =>
    requestJson('playerBestResponse', '/reaction-game/me', { init: { headers: { authorization: `Bearer ${accessToken}` } } }),
  startReactionRun: (accessToken: string) =>
    requestJson('reactionStartResponse', '/reaction-game/starts', { init: postJson({}, accessToken), timeout: true }),
  /** The press of a ranked run: the server times it from the lights-out instant its start carries. */
  saveReactionTime: (start: string, accessToken: string) =>
    requestJson('reactionTimeResponse', '/reaction-game/times', { init: postJson({ start }, accessToken) }),

  // F1 history (features/history)
  getHistory: () => requestJson('historyResponse', '/history'),

  // Head-to-head (features/compare) and title fight (features/title-fight)
  getCompareDrivers: () => requestJson('compareDriversResponse', '/compare/drivers'),
  getCompare: (query: CompareQuery) => requestJson('compareResponse', '/compare', { query }),
  getTitleFight: (query: TitleFightQuery) => requestJson('titleFightResponse', '/title-fight', { query }),

  // Trivia (features/fun): answers are checked by the server, one at a time.
  newTriviaRound: () => requestJson('triviaRound', '/trivia/rounds', { init: { method: 'POST' } }),
  answerTrivia: (roundId: string, question: number, choice: number) =>
    requestJson('triviaAnswerResponse', `/trivia/rounds/${segment(roundId)}/answers`, { init: postJson({ question, choice }) }),

  // Admin dashboard, users, audit log and diagnostics (features/admin): the signed-in admin's token.
  getAdminStatus: () => requestJson('dataStatusResponse', '/admin/status', { auth: true }),
  /** The sources that keep results current (F1DB releases, live timing), the races still provisional, the corrections. */
  getAdminSources: () => requestJson('sourcesResponse', '/admin/sources', { auth: true }),
  /** Checks one source now, whatever its schedule; answers what came of it. */
  checkSourceNow: (source: FreshnessSource) =>
    requestJson('sourceCheckResponse', `/admin/sources/${segment(source)}/check`, { init: { method: 'POST' }, auth: true }),
  /** Starts the F1DB re-import; answers at once with the job to follow (409 while one runs). */
  startReimport: () => requestJson('adminJob', '/admin/actions/reimport', { init: { method: 'POST' }, auth: true }),
  getAdminJob: (id: string) => requestJson('adminJob', `/admin/jobs/${segment(id)}`, { auth: true }),
  refreshNewsNow: () => requestJson('newsRefreshResponse', '/admin/actions/news-refresh', { init: { method: 'POST' }, auth: true }),
  recomputeStandings: () =>
    requestJson('recomputeStandingsResponse', '/admin/actions/recompute-standings', { init: { method: 'POST' }, auth: true }),
  getAdminUsers: (query: { q?: string; page: number; pageSize?: number }) =>
    requestJson('adminUsersResponse', '/admin/users', { query: { q: query.q || undefined, page: query.page, pageSize: query.pageSize }, auth: true }),
  setUserRole: (id: string, role: Role) =>
    requestJson('adminUser', `/admin/users/${segment(id)}`, { init: { ...postJson({ role }), method: 'PATCH' }, auth: true }),
  deleteUser: (id: string, confirmEmail: string) =>
    requestNothing(`/admin/users/${segment(id)}`, { init: { ...postJson({ confirmEmail }), method: 'DELETE' }, auth: true }),
  getAuditLog: (query: Partial<Omit<AuditQuery, 'limit' | 'before'>> & { before?: number; limit?: number }) =>
    requestJson('auditResponse', '/admin/audit', { query, auth: true }),
  getDiagnostics: () => requestJson('diagnosticsResponse', '/admin/diagnostics', { auth: true }),
  sendTestMail: (to?: string) => requestJson('testMailResponse', '/admin/diagnostics/test-mail', { init: postJson(to ? { to } : {}), auth: true }),

  // Admin: season events (features/admin/SeasonEventsPage). Sent with the signed-in admin's token.
  getSeasonEvents: (season?: number) => requestJson('seasonEventsResponse', '/admin/season-events', { query: { season }, auth: true }),
  addSession: (body: SessionAdd) => requestNothing('/admin/season-events/sessions', { init: postJson(body), auth: true }),
  moveSession: ({ raceId, kind }: AdminSessionParams, time: SessionTimeInput) =>
    requestNothing(`${seasonSessionPath(raceId, kind)}/start`, { init: { ...postJson(time), method: 'PUT' }, auth: true }),
  setSessionCancelled: ({ raceId, kind }: AdminSessionParams, cancelled: boolean) =>
    requestNothing(`${seasonSessionPath(raceId, kind)}/cancelled`, { init: { ...postJson({ cancelled }), method: 'PUT' }, auth: true }),
  deleteSession: ({ raceId, kind }: AdminSessionParams) =>
    requestNothing(seasonSessionPath(raceId, kind), { init: { method: 'DELETE' }, auth: true }),
  revertSession: ({ raceId, kind }: AdminSessionParams) =>
    requestNothing(`${seasonSessionPath(raceId, kind)}/override`, { init: { method: 'DELETE' }, auth: true }),
  // Admin: driver editor, team editor, update teams (features/admin/people). Every call sends the admin's token.
  searchAdminDrivers: (q: string) => requestJson('peopleSearchResponse', '/admin/drivers', { query: { q }, auth: true }),
  getDriverOverride: (driverId: string) => requestJson('driverOverrideView', `/admin/drivers/${segment(driverId)}`, { auth: true }),
  updateDriverOverride: (driverId: string, patch: DriverOverridePatch) =>
    requestJson('driverOverrideView', `/admin/drivers/${segment(driverId)}`, { init: { ...postJson(patch), method: 'PATCH' }, auth: true }),
  getDriverHistory: (driverId: string) => requestJson('overrideHistoryResponse', `/admin/drivers/${segment(driverId)}/history`, { auth: true }),
  revertDriverOverride: (driverId: string) =>
    requestJson('driverOverrideView', `/admin/drivers/${segment(driverId)}/override`, { init: { method: 'DELETE' }, auth: true }),
  searchAdminTeams: (q: string) => requestJson('peopleSearchResponse', '/admin/teams', { query: { q }, auth: true }),
  getTeamOverride: (constructorId: string) => requestJson('teamOverrideView', `/admin/teams/${segment(constructorId)}`, { auth: true }),
  updateTeamOverride: (constructorId: string, patch: TeamOverridePatch) =>
    requestJson('teamOverrideView', `/admin/teams/${segment(constructorId)}`, { init: { ...postJson(patch), method: 'PATCH' }, auth: true }),
  getTeamHistory: (constructorId: string) => requestJson('overrideHistoryResponse', `/admin/teams/${segment(constructorId)}/history`, { auth: true }),
  revertTeamOverride: (constructorId: string) =>
    requestJson('teamOverrideView', `/admin/teams/${segment(constructorId)}/override`, { init: { method: 'DELETE' }, auth: true }),
  uploadPicture: (kind: PictureKind, picture: Blob) => {
    const form = new FormData();
    form.append(pictureUpload.field, picture);
    return requestJson('pictureResponse', '/admin/pictures', { query: { kind }, init: { method: 'POST', body: form }, auth: true });
  },
  getLineUps: (season?: number) => requestJson('lineUpsResponse', '/admin/line-ups', { query: { season }, auth: true }),
  replaceLineUp: (season: number, constructorId: string, lineUp: LineUpReplacement) =>
    requestJson('lineUpsResponse', `/admin/line-ups/${season}/${segment(constructorId)}`, { init: { ...postJson(lineUp), method: 'PUT' }, auth: true }),
  revertLineUp: (season: number, constructorId: string) =>
    requestJson('lineUpsResponse', `/admin/line-ups/${season}/${segment(constructorId)}`, { init: { method: 'DELETE' }, auth: true }),
};

function seasonSessionPath(raceId: number, kind: string): string {
  return `/admin/season-events/sessions/${raceId}/${segment(kind)}`;
}

