import {
  actionCodeInfo,
  checkAdminResponse,
  driverDetailResponse,
  driverFansResponse,
  driversResponse,
  lastMeetingResponse,
  lastRaceSummary,
  meetingDetailResponse,
  messageResponse,
  metaResponse,
  nextMeetingResponse,
  passwordPolicy,
  profilePhotoUpload,
  profileResponse,
  providersResponse,
  seasonScheduleResponse,
  sessionResponse,
  signUpResponse,
  teamsResponse,
  timeResponse,
  type ProfilePatch,
  type ResetPasswordRequest,
  type SignInRequest,
  type SignUpRequest,
} from '@slipstream/contract';
import type { z } from 'zod';

/**
 * The one client for the site's API: a typed function per endpoint, each answer parsed with its
 * contract schema. Components and queries call these; nothing else builds an API URL.
 */

/**
 * A failed call. Its message is the server's `message` field, or "Error" when it sent none (spec); `code` is
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
  /** Gives up after the spec's network time-out (accounts calls). */
  timeout?: boolean;
};

async function requestJson<S extends z.ZodType>(schema: S, path: string, options: RequestOptions = {}): Promise<z.infer<S>> {
  const { response, body } = await call(path, options);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // The server and this build disagree on a shape: say where, for the console.
    throw new ApiError(response.status, `Unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return parsed.data;
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

/** Sends the request (with the Bearer token when asked, renewing an expired one once) and reads its answer. */
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
    return { response, body: await readJson(response) };
  };

  let answer = await attempt(options.auth ? await requireToken(accessTokens.token()) : null);
  // The token ran out on the way (or the device clock is off): renew it once and try again.
  if (options.auth && answer.response.status === 401 && codeOf(answer.body) === 'auth/token-expired') {
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

/** The spec's network time-out of the authentication service: 30 s on a desktop, 60 s on a phone. */
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
    return await fetch(url, init);
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

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
/** The refresh-cookie calls must show they come from this app (the server's CSRF guard). */
const fromThisApp: RequestInit = { method: 'POST', headers: { 'x-requested-with': 'fetch' } };

export const api = {
  /** The server's racing clock (pinned in demos and tests). */
  getTime: () => requestJson(timeResponse, '/time'),
  /** The featured season and the imported F1DB version. */
  getMeta: () => requestJson(metaResponse, '/meta'),
  getNextMeeting: () => requestJson(nextMeetingResponse, '/get-next'),
  /** The last finished meeting, or the "too soon" message when the next one is under a day away. */
  getLastMeeting: () => requestJson(lastMeetingResponse, '/get-last'),
  getTeams: (season?: number) => requestJson(teamsResponse, '/teams', { query: { season } }),
  getDrivers: (options: { order?: 'asc' | 'desc'; season?: number } = {}) =>
    requestJson(driversResponse, '/drivers', { query: { order: options.order ?? 'asc', season: options.season } }),
  getDriver: (code: string) => requestJson(driverDetailResponse, `/drivers/${segment(code)}`),
  getDriverFans: () => requestJson(driverFansResponse, '/favourite-drivers/fans'),
  getLastRaceSummary: (season: number, raceId: number, slug: string) =>
    requestJson(lastRaceSummary, `/season-results/homepage/${season}/${raceId}_${segment(slug)}`),
  getSeasonSchedule: (season: number) => requestJson(seasonScheduleResponse, `/seasons/${season}/meetings`),
  getMeeting: (season: number, slug: string) =>
    requestJson(meetingDetailResponse, `/seasons/${season}/meetings/${segment(slug)}`),

  // Accounts: sign-up, sessions, mailed links, profile (docs/api-accounts.md).
  getPasswordPolicy: () => requestJson(passwordPolicy, '/auth/password-policy', { timeout: true }),
  getAuthProviders: () => requestJson(providersResponse, '/auth/providers', { timeout: true }),
  signUp: (body: SignUpRequest) => requestJson(signUpResponse, '/auth/sign-up', { init: postJson(body), timeout: true }),
  signIn: (body: SignInRequest) => requestJson(sessionResponse, '/auth/sign-in', { init: postJson(body), timeout: true }),
  /** Trades the refresh cookie for a new session (and a new cookie); 401 when nobody is signed in. */
  refreshSession: () => requestJson(sessionResponse, '/auth/refresh', { init: fromThisApp, timeout: true }),
  signOut: () => requestNothing('/auth/sign-out', { init: fromThisApp, timeout: true }),
  verifyEmail: (oobCode: string) => requestJson(actionCodeInfo, '/auth/verify-email', { init: postJson({ oobCode }), timeout: true }),
  resendConfirmation: (email: string) =>
    requestJson(messageResponse, '/auth/verify-email/resend', { init: postJson({ email }), timeout: true }),
  requestPasswordReset: (email: string) =>
    requestJson(messageResponse, '/auth/password-reset', { init: postJson({ email }), timeout: true }),
  checkPasswordResetCode: (oobCode: string) =>
    requestJson(actionCodeInfo, '/auth/password-reset/check', { init: postJson({ oobCode }), timeout: true }),
  resetPassword: (body: ResetPasswordRequest) =>
    requestJson(messageResponse, '/auth/password-reset/confirm', { init: postJson(body), timeout: true }),
  checkAdmin: () => requestJson(checkAdminResponse, '/check-admin', { auth: true, timeout: true }),
  getProfile: (uid: string) => requestJson(profileResponse, `/profile/${segment(uid)}`, { auth: true, timeout: true }),
  updateProfile: (uid: string, changes: ProfilePatch) =>
    requestJson(profileResponse, `/profile/${segment(uid)}`, { init: { ...postJson(changes), method: 'PATCH' }, auth: true, timeout: true }),
  uploadProfilePhoto: (uid: string, photo: Blob) => {
    const form = new FormData();
    form.append(profilePhotoUpload.field, photo);
    return requestJson(profileResponse, `/profile/${segment(uid)}/photo`, { init: { method: 'PUT', body: form }, auth: true, timeout: true });
  },
  removeProfilePhoto: (uid: string) =>
    requestJson(profileResponse, `/profile/${segment(uid)}/photo`, { init: { method: 'DELETE' }, auth: true, timeout: true }),
  deleteAccount: (uid: string) => requestNothing(`/profile/${segment(uid)}`, { init: { method: 'DELETE' }, auth: true, timeout: true }),
};
