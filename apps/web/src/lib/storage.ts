/**
 * Every browser-storage key the site uses, in one place (docs/product.md, Across the site). darkMode is also a cookie's name
 * (lib/theme), which the server reads to render a page in its theme (modules/seo on the server).
 */
export const storageKeys = {
  /** "true" once the cookie notice was closed. */
  cookieAccepted: 'cookieAccepted',
  /** "true" or "false": the visitor's theme. */
  darkMode: 'darkMode',
  /** The signed-in account's public profile, removed on sign-out. */
  currentUser: 'currentUser',
  /** An anonymous player's best reaction time in whole milliseconds (signed-in players' is on the server). */
  reactionBest: 'reactionBest',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** Session-storage keys (lib/sessionCache): lists that may be a little stale within a visit. */
export const sessionKeys = {
  /** The home page's news from the official site, for 30 minutes. */
  officialNews: 'news.official',
  /** The home page's RaceFans news, for 30 minutes. */
  raceFansNews: 'news.racefans',
} as const;

// Storage can throw (blocked cookies, private modes, full quota): the site then works without it.

export function readLocal(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: StorageKey, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* not remembered; the current page still reflects the choice */
  }
}

export function removeLocal(key: StorageKey): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* nothing stored to remove */
  }
}

const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Keeps a cookie the server reads to render the visitor's next page (lasts a year); unchanged, it is left alone. */
export function keepVisitorCookie(name: string, value: string): void {
  const pair = `${name}=${encodeURIComponent(value)}`;
  if (document.cookie.split('; ').includes(pair)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${pair}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
