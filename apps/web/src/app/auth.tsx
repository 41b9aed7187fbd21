import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { removeLocal, storageKeys } from '../lib/storage';

/**
 * Who is visiting. The shell waits for the first answer (spinner), then shows Log In / Sign Up to
 * anonymous visitors and the profile menu and footer card to signed-in ones.
 *
 * Accounts plug in here: pass a SessionSource that restores the session (refresh-token cookie) and
 * signs out. Until then the site runs with `anonymousSession`.
 */
export type AuthUser = {
  uid: string;
  email: string;
  displayName: string | null;
  photoUrl: string | null;
};

/** The name to show: the display name, else the email address. */
export function userDisplayName(user: AuthUser): string {
  return user.displayName?.trim() || user.email;
}

export type SessionSource = {
  /** The signed-in account, or null for an anonymous visitor. */
  restore(): Promise<AuthUser | null>;
  signOut(): Promise<void>;
};

export const anonymousSession: SessionSource = {
  restore: async () => null,
  signOut: async () => {},
};

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'signedIn'; user: AuthUser };

type AuthContextValue = AuthState & { signOut(): Promise<void> };

const AuthContext = createContext<AuthContextValue | null>(null);

type AuthProviderProps = {
  session?: SessionSource;
  /** What follows a sign-out; the spec reloads the page so nothing of the account stays in memory. */
  afterSignOut?: () => void;
  children: ReactNode;
};

export function AuthProvider({ session = anonymousSession, afterSignOut = reloadPage, children }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });

  useEffect(() => {
    let current = true;
    session.restore().then(
      (user) => current && setState(user ? { status: 'signedIn', user } : { status: 'anonymous', user: null }),
      (error: unknown) => {
        console.error('Could not restore the session', error);
        if (current) setState({ status: 'anonymous', user: null });
      },
    );
    return () => {
      current = false;
    };
  }, [session]);

  const signOut = useCallback(async () => {
    await session.signOut();
    removeLocal(storageKeys.currentUser);
    setState({ status: 'anonymous', user: null });
    afterSignOut();
  }, [session, afterSignOut]);

  const value = useMemo(() => ({ ...state, signOut }), [state, signOut]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it');
  return auth;
}

function reloadPage() {
  window.location.reload();
}
