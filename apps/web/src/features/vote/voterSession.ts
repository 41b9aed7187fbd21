import { ApiError, api } from '../../lib/api';

/**
 * The signed-in voter's access token, or null for an anonymous visitor: the ONE place the vote feature gets
 * it, so it can be switched to the accounts web's session helper when that lands (the shell's useAuth() has
 * no token yet). Until then it restores the session itself from the refresh cookie, one refresh at a time
 * across tabs (Web Locks), and keeps the token in memory until five minutes before it expires.
 */
let session: { accessToken: string; renewAt: number } | null = null;
let restoring: Promise<string | null> | null = null;

const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;
const REFRESH_LOCK = 'slipstream-session-refresh';

export function voterAccessToken(): Promise<string | null> {
  if (session && Date.now() < session.renewAt) return Promise.resolve(session.accessToken);
  restoring ??= withRefreshLock(restore).finally(() => {
    restoring = null;
  });
  return restoring;
}

async function restore(): Promise<string | null> {
  try {
    const answer = await api.refreshSession();
    session = { accessToken: answer.accessToken, renewAt: Date.parse(answer.expiresAt) - RENEW_BEFORE_EXPIRY_MS };
    return answer.accessToken;
  } catch (error) {
    // 401: nobody is signed in on this browser.
    if (error instanceof ApiError && error.status === 401) {
      session = null;
      return null;
    }
    throw error;
  }
}

async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks ? await navigator.locks.request(REFRESH_LOCK, work) : work();
}
