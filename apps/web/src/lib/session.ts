import type { AuthUser, SessionResponse, SignInRequest } from '@slipstream/contract';
import { api, ApiError, type AccessTokenSource } from './api';

/**
 * The signed-in session in this tab. The access token lives only here, in memory; the refresh token is the
 * server's httpOnly cookie, which this code never sees. Timing follows docs/product.md (Accounts and guards): refresh 5 minutes
 * before the token's end, and count a token as expired 30 seconds before it, so none reaches the server just
 * too late. Refreshes run one at a time, across tabs too: the server rotates the cookie on every refresh and
 * revokes the whole session when an old cookie comes back, so two tabs refreshing at once would sign out both.
 */

const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
const EXPIRY_MARGIN_MS = 30_000;
/** After a refresh that got no answer, the next try (while the token still works). */
const REFRESH_RETRY_MS = 30_000;

/** How long from `now` until the token should be refreshed: 5 minutes before it expires, at once if that has passed. */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - REFRESH_BEFORE_EXPIRY_MS - now);
}

/** A token counts as expired from 30 seconds before its end. */
export function isExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt - EXPIRY_MARGIN_MS;
}

type Session = { accessToken: string; expiresAt: number; user: AuthUser };

export type SessionListener = (user: AuthUser | null) => void;

export type SessionManager = AccessTokenSource & {
  /** The account signed in now, or null. */
  user(): AuthUser | null;
  /** At page load: whether the refresh cookie still holds a session. */
  restore(): Promise<AuthUser | null>;
  /** Email and password; rejects with the server's ApiError (wrong password, address not confirmed...). */
  signIn(credentials: SignInRequest): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Drops the session here without asking the server (the account was deleted: the server ended it). */
  forget(): void;
  /** Sign-in, sign-out and a session that ended (refresh refused); not each token refresh. */
  subscribe(listener: SessionListener): () => void;
};

/** The accounts calls a session is made of (tests give stand-ins). */
type SessionApi = {
  refreshSession(): Promise<SessionResponse>;
  signIn(credentials: SignInRequest): Promise<SessionResponse>;
  signOut(): Promise<void>;
};

const sessionApi: SessionApi = {
  refreshSession: () => api('refreshSession'),
  signIn: (credentials) => api('signIn', { body: credentials }),
  signOut: () => api('signOut'),
};

/** Serialises a task across this browser's tabs (Web Locks), or only within the tab where locks are missing. */
export type Serialise = <T>(task: () => Promise<T>) => Promise<T>;

const REFRESH_LOCK = 'slipstream-session-refresh';

const acrossTabs: Serialise = <T>(task: () => Promise<T>) =>
  typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks.request(REFRESH_LOCK, task) as Promise<T>) : task();

export function createSessionManager({ client = sessionApi, serialise = acrossTabs }: { client?: SessionApi; serialise?: Serialise } = {}): SessionManager {
  let session: Session | null = null;
  let refreshing: Promise<Session | null> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<SessionListener>();

  const notify = () => {
    for (const listener of listeners) listener(session?.user ?? null);
  };

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void scheduledRefresh(), delay);
  };

  const adopt = (answer: SessionResponse) => {
    const signedInBefore = session?.user.uid;
    session = { accessToken: answer.accessToken, expiresAt: Date.parse(answer.expiresAt), user: answer.user };
    schedule(refreshDelay(session.expiresAt, Date.now()));
    if (signedInBefore !== answer.user.uid) notify();
    return session;
  };

  const end = () => {
    clearTimeout(timer);
    const hadSession = session !== null;
    session = null;
    if (hadSession) notify();
  };

  /** One refresh at a time: callers during a refresh share its result. */
  const refresh = (): Promise<Session | null> => {
    refreshing ??= serialise(async () => {
      try {
        return adopt(await client.refreshSession());
      } catch (error) {
        // 401: no session behind the cookie (never signed in, signed out elsewhere, expired, revoked).
        if (error instanceof ApiError && error.status === 401) {
          end();
          return null;
        }
        throw error;
      }
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const scheduledRefresh = async () => {
    try {
      await refresh();
    } catch (error) {
      console.error('Could not refresh the session', error);
      if (session && !isExpired(session.expiresAt, Date.now())) schedule(REFRESH_RETRY_MS);
    }
  };

  return {
    user: () => session?.user ?? null,

    async restore() {
      return (await refresh())?.user ?? null;
    },

    async signIn(credentials) {
      return adopt(await client.signIn(credentials)).user;
    },

    async signOut() {
      try {
        // In turn with refreshes: a refresh replacing the cookie meanwhile would leave the old one signed out.
        await serialise(() => client.signOut());
      } catch (error) {
        // Signed out here all the same; the server ends the session when its refresh token expires.
        console.error('Could not sign out on the server', error);
      }
      end();
    },

    forget: end,

    async token() {
      if (!session) return null;
      if (!isExpired(session.expiresAt, Date.now())) return session.accessToken;
      return (await refresh())?.accessToken ?? null;
    },

    async renew() {
      if (!session) return null;
      return (await refresh())?.accessToken ?? null;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
