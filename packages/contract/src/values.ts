/**
 * Plain values of the contract, without zod: the web's start-up code imports these, and a module that builds
 * schemas would bring zod into the browser's first download (docs/performance.md). Each is re-exported from
 * the index like the rest of the contract.
 */

import { endpointPath, endpointUrl } from './endpoints';

// ---------------------------------------------------------------------------------------------------
// The site, as the server's pages and the web app both name it

export const SITE_NAME = 'Slipstream';
export const SITE_TAGLINE = 'unofficial Formula 1 fan site';

/** A page's document title: its own short name and the site's; the home page, which has none, gets the tagline. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME}: ${SITE_TAGLINE}`;
}

/**
 * The cookies the web app writes for the server to read (no secret): the visitor's theme and time zone, so the
 * server renders the next page in both.
 */
export const visitorCookies = {
  /** "true" or "false", like the theme's localStorage entry of the same name. */
  darkMode: 'darkMode',
  /** An IANA time zone name, such as "Europe/Bucharest". */
  timeZone: 'timeZone',
} as const;

/** The class on <html> that turns the dark theme on; the server writes it into a page for the darkMode cookie. */
export const DARK_MODE_CLASS = 'darkmode';

/** The <meta name>s through which the server tells the app how it rendered a page. */
export const renderedPageMeta = {
  /** The racing clock's instant the page was rendered at, in milliseconds. */
  renderedAt: 'slipstream-rendered-at',
  /** The time zone the page's times are rendered in. */
  timeZone: 'slipstream-time-zone',
  /** "none" when the request carried no session cookie: the page need not wait for a session refresh. */
  session: 'slipstream-session',
} as const;

// ---------------------------------------------------------------------------------------------------
// Time zones: times are stored in UTC and read on a wall clock only at the edges

const zonedTimeFormats = new Map<string, Intl.DateTimeFormat>();

function zonedTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = zonedTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    zonedTimeFormats.set(key, format);
  }
  return format;
}

/**
 * The wall clock of a time zone (the runtime's own without one) at an instant: its day "2025-03-21", its time
 * "11:30:00" and its UTC offset "+08:00".
 */
export function zonedTime(instant: Date, timeZone?: string): { date: string; time: string; offset: string } {
  const parts = zonedTimeFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
    // longOffset reads "GMT+08:00", or plain "GMT" at UTC+0.
    offset: part('timeZoneName').replace('GMT', '') || '+00:00',
  };
}

// ---------------------------------------------------------------------------------------------------
// Accounts (accounts.ts)

/**
 * Every refusal of the accounts API answers `{ message, code }`; the message is for people, the code is
 * stable for the web to act on. Codes marked "web only" are never sent by the server: the web raises them
 * itself (a popup it opened, a request that never reached the server) and shows the same messages.
 */
export const accountErrorMessages = {
  'auth/unauthenticated': 'User is not authenticated',
  'auth/invalid-token': 'Invalid or expired token. Please log in again.',
  'auth/token-expired': 'Your session has expired. Please sign in again.',
  'auth/session-expired': 'Your session has ended. Please sign in again.',
  'auth/not-admin': 'You are not the admin',
  'auth/forbidden': 'You can only do this for your own account.',
  'auth/missing-csrf-header': 'This request must be sent by the Slipstream web app (X-Requested-With header missing).',
  'auth/foreign-origin': 'This request came from another site and was refused.',
  'auth/email-already-in-use': 'An account already uses this email address. Sign in, or reset your password.',
  'auth/user-not-found': 'No account uses this email address. Check it, or sign up.',
  'auth/wrong-password': 'Wrong password. Try again, or reset your password.',
  'auth/no-password': 'This account signs in with Google or GitHub. Use that button, or reset your password to set one.',
  'auth/email-not-verified': 'Confirm your email address first: open the link we sent you. No mail? Ask for a new one.',
  'auth/too-many-requests': 'Too many attempts. Wait a moment and try again.',
  'auth/limits-unavailable': 'Attempts cannot be counted right now, so none are accepted. Try again in a few seconds.',
  'auth/invalid-action-code': 'This link is not valid or has already been used. Ask for a new one.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/mail-failed': 'We could not send the mail right now. Try again in a few minutes.',
  'auth/provider-not-configured': 'Signing in with this provider is not available on this site.',
  'auth/unauthorized-domain': 'Google and GitHub sign-in is not set up for this web address. Open the site at its usual address and try again.',
  'auth/invalid-oauth-state': 'The sign-in attempt expired or was started in another window. Try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'auth/popup-blocked': 'The browser blocked the sign-in window. Allow popups for this site and try again.',
  'auth/network-request-failed': 'The sign-in service could not be reached. Check your connection and try again.',
  'auth/provider-error': 'The sign-in service refused the request. Try again.',
  'auth/unverified-provider-email': 'Your account at that provider has no verified email address. Verify one there, or sign up with email.',
  'profile/unsupported-image': 'The photo must be a JPEG, PNG or WebP image.',
  'profile/image-too-large': 'The photo must be at most 10 MB.',
  'profile/unknown-driver': 'There is no driver with that id.',
  'profile/unknown-team': 'There is no team with that id.',
  'profile/display-name-taken': 'Another account uses this display name, or one that looks the same. Choose another.',
} as const;

export type AccountErrorCode = keyof typeof accountErrorMessages;

export const OAUTH_RETURN_PATH = '/auth-action';
export const OAUTH_RETURN_MODE = 'oauth';

/** PUT /api/profile/:uid/photo takes one multipart file field with this name. */
export const profilePhotoUpload = {
  field: 'photo',
  maxBytes: 10 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

// ---------------------------------------------------------------------------------------------------
// News (news.ts)

/** The feed behind GET /api/news/official, the home page's "Latest News" from the official site. */
export const OFFICIAL_NEWS_SOURCE = 'formula1';
/** The feed behind GET /api/stiri-rf, the home page's second news source. */
export const RACEFANS_NEWS_SOURCE = 'racefans';
export const OFFICIAL_NEWS_LIMIT = 6;
export const UNKNOWN_AUTHOR = 'Unknown';

// ---------------------------------------------------------------------------------------------------
// Ergast-compatible API (ergast.ts)

export const ERGAST_DEFAULT_LIMIT = 30;
export const ERGAST_MAX_LIMIT = 100;
/** The query of a whole Ergast answer as the site's screens read it: one page of the most rows a page holds. */
export const ERGAST_FULL_PAGE = { limit: ERGAST_MAX_LIMIT } as const;

// ---------------------------------------------------------------------------------------------------
// F1 (f1.ts)

/** The route id of a driver: the first three letters of the surname, upper-case ("Hülkenberg" → "HUL"). */
export function driverCode(lastName: string): string {
  return lastName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
}

// ---------------------------------------------------------------------------------------------------
// Votes (votes.ts)

/** The award categories of a ballot, in the order they are shown. */
export const VOTE_CATEGORIES = ['bestPointScorer', 'bestOfTheRest', 'bestTeam'] as const;
type VoteCategory = (typeof VOTE_CATEGORIES)[number];

export const voteCategoryLabels: Record<VoteCategory, string> = {
  bestPointScorer: 'Best Point Scorer',
  bestOfTheRest: 'Best Of The Rest',
  bestTeam: 'Best Team',
};

// ---------------------------------------------------------------------------------------------------
// Calendar subscription (icalendar.ts)

/** all: every session of the weekend; main: only the qualifying, the sprint and the race. */
export type CalendarSessions = 'all' | 'main';

export function seasonCalendarPath(year: number, sessions: CalendarSessions = 'all'): string {
  return endpointUrl('seasonCalendar', { file: `${year}.ics` }, { sessions });
}

export function meetingCalendarPath(year: number, round: number): string {
  return endpointPath('meetingCalendar', { year, file: `${round}.ics` });
}

// ---------------------------------------------------------------------------------------------------
// Admin pictures (admin.ts): driver photos, team logos and car photos uploaded by an admin.

export const pictureUpload = { field: 'picture', maxBytes: 5 * 1024 * 1024, minSidePx: 64 } as const;

// ---------------------------------------------------------------------------------------------------
// Sessions (f1.ts)

/** Every kind of session F1DB knows, in the order of a weekend. */
export const SESSION_KINDS = [
  'PRE_QUALIFYING',
  'FREE_PRACTICE_1',
  'FREE_PRACTICE_2',
  'FREE_PRACTICE_3',
  'FREE_PRACTICE_4',
  'QUALIFYING_1',
  'QUALIFYING_2',
  'SPRINT_QUALIFYING',
  'SPRINT',
  'QUALIFYING',
  'WARM_UP',
  'RACE',
] as const;
type SessionKind = (typeof SESSION_KINDS)[number];

/** What each kind of session is called on the timetables and in the admin tools. */
export const SESSION_LABELS: Record<SessionKind, string> = {
  PRE_QUALIFYING: 'Pre-Qualifying',
  FREE_PRACTICE_1: 'Practice 1',
  FREE_PRACTICE_2: 'Practice 2',
  FREE_PRACTICE_3: 'Practice 3',
  FREE_PRACTICE_4: 'Practice 4',
  QUALIFYING_1: 'Qualifying 1',
  QUALIFYING_2: 'Qualifying 2',
  SPRINT_QUALIFYING: 'Sprint Qualifying',
  SPRINT: 'Sprint',
  QUALIFYING: 'Qualifying',
  WARM_UP: 'Warm-Up',
  RACE: 'Race',
};

// ---------------------------------------------------------------------------------------------------
// Live updates (live.ts)

/**
 * Who stored new results: an F1DB import (at start, the admin's re-import or the release sync), the live-timing
 * job (a session's provisional classification from F1's archive), or a test hook.
 */
export const RESULTS_UPDATE_SOURCES = ['import', 'live-timing', 'test'] as const;
export type ResultsUpdateSource = (typeof RESULTS_UPDATE_SOURCES)[number];

/** The SSE event name (`event: results-updated`) of GET /api/live/events. */
export const RESULTS_UPDATED = 'results-updated';

/** An event's data line, read without zod (the pages that listen are in the first download). */
export type ResultsUpdatedEvent = { source: ResultsUpdateSource; at: string; version: string | null };

export function readResultsUpdatedEvent(value: unknown): ResultsUpdatedEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const { source, at, version } = value as Record<string, unknown>;
  const known = RESULTS_UPDATE_SOURCES.includes(source as ResultsUpdateSource);
  return known && typeof at === 'string' && (version === null || typeof version === 'string') ? { source: source as ResultsUpdateSource, at, version } : null;
}

// ---------------------------------------------------------------------------------------------------
// Addresses

/** Lower-case ASCII words joined by hyphens, accents dropped: "Hülkenberg's P4!" → "hulkenbergs-p4". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "Chinese Grand Prix" → "chinese-grand-prix": the meeting part of /schedule/:an/:meeting_name. */
export function meetingSlug(meetingName: string): string {
  return slugify(meetingName);
}

/** Replays run from 1× to 50× the recorded pace. */
export const REPLAY_SPEEDS = [1, 2, 5, 10, 20, 50] as const;

/** The seasons an address may name, and a meeting's slug in it (e.g. chinese-grand-prix). */
export const SEASON_BOUNDS = { min: 1950, max: 2100 } as const;
export const MEETING_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A meeting page's address parts as the API takes them (`meetingParams`), or undefined when they name none. */
export function meetingAddress(year: string, slug: string): { year: number; slug: string } | undefined {
  const season = Number(year);
  const isSeason = year.trim() !== '' && Number.isInteger(season) && season >= SEASON_BOUNDS.min && season <= SEASON_BOUNDS.max;
  return isSeason && MEETING_SLUG.test(slug) ? { year: season, slug } : undefined;
}
