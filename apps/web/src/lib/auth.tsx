import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { removeLocal, storageKeys } from './storage';

/**
 * Who is visiting. The shell waits for the first answer (spinner), then shows Log In / Sign Up to
 * anonymous visitors and the profile menu and footer card to signed-in ones.
 *
 * Accounts plug in here (app/start.tsx): a SessionSource restores the session (refresh-token cookie), reports
 * later changes (a sign-in on a form, a profile update, a session that ended) and signs out. Without one
 * the site runs with `anonymousSession`.
 */
/** Where a guard sent the visitor from, so the login page can return there. */
export type FromState = { from?: string };

export type AuthUser = {
  uid: string;
  email: string;
  displayName: string | null;
  photoUrl: string | null;
  /** The account's role as its session says; the server decides on every admin request. */
  role: 'user' | 'admin';
  /** F1DB ids of the user's favourite driver and team (from the profile), null when not chosen. */
  favourites?: { favDriver: string | null; favTeam: string | null };
};

/** The name to show: the display name, else the email address. */
export function userDisplayName(user: AuthUser): string {
  return user.displayName?.trim() || user.email;
}

export type SessionSource = {
  /** Known before asking anything: nobody is signed in on this page load, so there is nothing to restore. */
  startsAnonymous?: boolean;
  /** The signed-in account, or null for an anonymous visitor. */
  restore(): Promise<AuthUser | null>;
  signOut(): Promise<void>;
  /** Changes after the first answer; returns the unsubscribe. */
  subscribe?(listener: (user: AuthUser | null) => void): () => void;
};

export const anonymousSession: SessionSource = {
  restore: async () => null,
  signOut: async () => {},
};

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'signedIn'; user: AuthUser };

type AuthContextValue = AuthState & {
  signOut(): Promise<void>;
  /** The session source in use, for the account screens that sign in and change the profile through it. */
  source: SessionSource;
};

const anonymous: AuthState = { status: 'anonymous', user: null };

const AuthContext = createContext<AuthContextValue | null>(null);

type AuthProviderProps = {
  session?: SessionSource;
  /** What follows a sign-out; docs/product.md (Accounts and guards) reloads the page so nothing of the account stays in memory. */
  afterSignOut?: () => void;
  children: ReactNode;
};

export function AuthProvider({ session = anonymousSession, afterSignOut = reloadPage, children }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>(() => (session.startsAnonymous ? anonymous : { status: 'loading', user: null }));

  useEffect(() => {
    let current = true;
    const unsubscribe = session.subscribe?.((user) => {
      if (current) setState(user ? { status: 'signedIn', user } : anonymous);
    });
    if (!session.startsAnonymous) {
      session.restore().then(
        (user) => current && setState(user ? { status: 'signedIn', user } : anonymous),
        (error: unknown) => {
          console.error('Could not restore the session', error);
          if (current) setState(anonymous);
        },
      );
    }
    return () => {
      current = false;
      unsubscribe?.();
    };
  }, [session]);

  const signOut = useCallback(async () => {
    await session.signOut();
    removeLocal(storageKeys.currentUser);
    setState(anonymous);
    afterSignOut();
  }, [session, afterSignOut]);

  const value = useMemo(() => ({ ...state, signOut, source: session }), [state, signOut, session]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it');
  return auth;
}

/**
 * The signed-in user's favourite driver and team (F1DB ids, as /api/drivers `_id` and /api/teams `_id`),
 * each undefined when not chosen or when nobody is signed in: for highlighting them on other screens.
 */
export function useFavourites(): { favDriver: string | undefined; favTeam: string | undefined } {
  const { user } = useAuth();
  return { favDriver: user?.favourites?.favDriver ?? undefined, favTeam: user?.favourites?.favTeam ?? undefined };
}

function reloadPage() {
  window.location.reload();
}
