import { renderedPageMeta, type AuthUser as Account, type Profile, type SignInRequest } from '@slipstream/contract';
import { useAuth, type AuthUser, type SessionSource } from '../../lib/auth';
import { api, setAccessTokenSource } from '../../lib/api';
import { createSessionManager, type SessionManager } from '../../lib/session';
import { whenIdle } from '../../lib/idle';
import { readPageMeta } from '../../lib/pageMeta';
import { removeLocal, storageKeys, writeLocal } from '../../lib/storage';

/**
 * The accounts side of the shell's SessionSource: the token session (lib/session) plus the profile, which
 * docs/product.md (Accounts and guards) fetches on login (GET /api/profile/{uid}) for the footer, the badge and the favourites.
 * The app's start (app/start.tsx) creates one per page load and hands it to <App session>; account screens
 * reach it with useAccountSession() to sign in and to report profile changes.
 */
export type AccountSession = SessionSource & {
  subscribe(listener: (user: AuthUser | null) => void): () => void;
  signIn(credentials: SignInRequest): Promise<AuthUser>;
  /** After a Google or GitHub sign-in: the server set the refresh cookie, so trade it for a session. */
  adoptCookieSession(): Promise<AuthUser | null>;
  /** The profile was saved: the navbar, footer and favourites follow. */
  profileChanged(profile: Profile): void;
  /** The account was deleted on the server, which ended its session. */
  accountDeleted(): void;
};

const brand = Symbol('account session');

export function createAccountSession(tokens: SessionManager = createSessionManager()): AccountSession {
  setAccessTokenSource(tokens);
  const listeners = new Set<(user: AuthUser | null) => void>();
  let shown: AuthUser | null = null;

  const show = (user: AuthUser | null) => {
    shown = user;
    if (user) writeLocal(storageKeys.currentUser, JSON.stringify(user));
    else removeLocal(storageKeys.currentUser);
    for (const listener of listeners) listener(user);
    return user;
  };

  /** The shell's view of an account, with its profile's name, photo and favourites. */
  const withProfile = async (account: Account): Promise<AuthUser> => {
    // A profile that does not load is only logged (docs/product.md, Accounts and guards): the account's own name and photo still show.
    const profile = await api('profile', { params: { uid: account.uid } }).then(
      ({ data }) => data,
      (error: unknown) => {
        console.error('Could not load the profile', error);
        return null;
      },
    );
    return merge({ uid: account.uid, email: account.email, displayName: account.displayName, photoUrl: account.photoURL, role: account.role }, profile);
  };

  // A session that ends on its own (refresh refused: signed out elsewhere, revoked) signs the page out.
  tokens.subscribe((account) => {
    if (!account && shown) show(null);
  });

  const adoptCookieSession = async () => {
    const account = await tokens.restore();
    return show(account ? await withProfile(account) : null);
  };

  const startsAnonymous = pageHasNoSession();
  if (startsAnonymous) whenIdle(() => removeLocal(storageKeys.currentUser));

  return {
    [brand]: true,
    startsAnonymous,
    restore: adoptCookieSession,
    adoptCookieSession,
    async signIn(credentials) {
      const user = show(await withProfile(await tokens.signIn(credentials)));
      return user!;
    },
    async signOut() {
      await tokens.signOut();
      show(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    profileChanged(profile) {
      if (shown && shown.uid === profile.uid) show(merge(shown, profile));
    },
    accountDeleted() {
      tokens.forget();
      show(null);
    },
  } as AccountSession;
}

/**
 * The server marks a page requested without the session cookie (modules/seo on the server): there is no
 * refresh token to trade, so the page need not wait for /api/auth/refresh to show itself.
 */
function pageHasNoSession(): boolean {
  return readPageMeta(renderedPageMeta.session) === 'none';
}

/** The profile holds the same name and photo as the account, kept current by profile updates. */
function merge(user: AuthUser, profile: Profile | null): AuthUser {
  if (!profile) return user;
  return { ...user, displayName: profile.displayName, photoUrl: profile.profilePhoto, favourites: profile.favourites };
}

function isAccountSession(source: SessionSource): source is AccountSession {
  return brand in source;
}

/** The account session the app runs with; account screens need it (the app's start and the tests provide it). */
export function useAccountSession(): AccountSession {
  const { source } = useAuth();
  if (!isAccountSession(source)) throw new Error('The account screens need the account session: pass createAccountSession() to <App session>');
  return source;
}
