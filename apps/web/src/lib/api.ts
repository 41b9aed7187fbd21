import {
  driverDetailResponse,
  driverFansResponse,
  driversResponse,
  historyResponse,
  lastMeetingResponse,
  lastRaceSummary,
  leaderboardResponse,
  meetingDetailResponse,
  metaResponse,
  nextMeetingResponse,
  playerBestResponse,
  reactionTimeResponse,
  seasonScheduleResponse,
  teamsResponse,
  timeResponse,
  triviaAnswerResponse,
  triviaRound,
} from '@slipstream/contract';
import type { z } from 'zod';

/**
 * The one client for the site's API: a typed function per endpoint, each answer parsed with its
 * contract schema. Components and queries call these; nothing else builds an API URL.
 */

/** A failed call. Its message is the server's `message` field, or "Error" when it sent none (spec). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const FALLBACK_MESSAGE = 'Error';

type Query = Record<string, string | number | undefined>;

async function requestJson<S extends z.ZodType>(
  schema: S,
  path: string,
  options: { query?: Query; init?: RequestInit } = {},
): Promise<z.infer<S>> {
  const response = await send(apiUrl(path, options.query), {
    credentials: 'same-origin',
    ...options.init,
    headers: { accept: 'application/json', ...options.init?.headers },
  });
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, messageOf(body));
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

/** A network failure has no server message either: it becomes the same "Error"; an abort stays an abort. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, FALLBACK_MESSAGE);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return FALLBACK_MESSAGE;
}

const segment = encodeURIComponent;

/** A POST with a JSON body, and the caller's access token when the endpoint needs a signed-in user. */
function postJson(body: unknown, accessToken?: string): RequestInit {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  return { method: 'POST', headers, body: JSON.stringify(body) };
}

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

  // Reaction game (features/game). The two signed-in calls take the token from features/game/playerToken.
  getReactionLeaderboard: () => requestJson(leaderboardResponse, '/reaction-game/leaderboard'),
  getMyReactionBest: (accessToken: string) =>
    requestJson(playerBestResponse, '/reaction-game/me', { init: { headers: { authorization: `Bearer ${accessToken}` } } }),
  saveReactionTime: (reactionMs: number, accessToken: string) =>
    requestJson(reactionTimeResponse, '/reaction-game/times', { init: postJson({ reactionMs }, accessToken) }),

  // F1 history (features/history)
  getHistory: () => requestJson(historyResponse, '/history'),

  // Trivia (features/fun): answers are checked by the server, one at a time.
  newTriviaRound: () => requestJson(triviaRound, '/trivia/rounds', { init: { method: 'POST' } }),
  answerTrivia: (roundId: string, question: number, choice: number) =>
    requestJson(triviaAnswerResponse, `/trivia/rounds/${segment(roundId)}/answers`, { init: postJson({ question, choice }) }),
};
