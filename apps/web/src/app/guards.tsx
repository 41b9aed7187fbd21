import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { api, ApiError } from '../lib/api';
import { paths } from '../lib/paths';
import { PageSpinner } from '../lib/ui/Spinner';
import { useAuth, type FromState } from '../lib/auth';

/**
 * The route guards of docs/product.md (Accounts and guards). Each wraps its routes as a layout route; the shell renders them
 * only once the first authentication state is known. The alerts are the ones listed there, with window.alert.
 */

export const guardAlerts = {
  alreadyLoggedIn: 'Already logged in!',
  loginNeeded: 'You have to log in to view this page!',
  adminLoginNeeded: 'Log in to admin account first!',
  notAdmin: 'You are not the admin',
  invalidToken: 'Invalid or expired token. Please log in again.',
  adminCheckFailed: 'Server error during admin check',
} as const;

/** Shows the alert (if any) once, then replaces the location. */
function AlertAndRedirect({ alert, to, state }: { alert?: string; to: string; state?: FromState }) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    // Once, even when React runs the effect twice (development).
    if (done.current) return;
    done.current = true;
    if (alert) window.alert(alert);
    void navigate(to, { replace: true, state });
  }, [alert, to, state, navigate]);
  return null;
}

/**
 * /login and /signup: only for visitors who are logged out. Someone who arrives logged in goes to /
 * (with the alert of docs/product.md (Accounts and guards) on /signup, its isAuth route); someone who signs in on the page is sent on by it.
 */
export function RequireSignedOut({ alert }: { alert?: string }) {
  const { status } = useAuth();
  const [arrivedSignedIn] = useState(status === 'signedIn');
  if (status === 'signedIn' && arrivedSignedIn) return <AlertAndRedirect alert={alert} to={paths.home} />;
  return <Outlet />;
}

function useFrom(): FromState {
  const location = useLocation();
  return { from: location.pathname + location.search };
}

/**
 * /profile and /update-profile. A visitor who arrives logged out goes to /login with the alert of docs/product.md (Accounts and guards); one
 * whose session ends while here (account deleted, signed out elsewhere) simply goes home.
 */
export function RequireSignedIn() {
  const { status } = useAuth();
  const from = useFrom();
  const [arrivedSignedIn] = useState(status === 'signedIn');
  if (status === 'signedIn') return <Outlet />;
  if (arrivedSignedIn) return <AlertAndRedirect to={paths.home} />;
  return <AlertAndRedirect alert={guardAlerts.loginNeeded} to={paths.login} state={from} />;
}

/**
 * The admin pages: a signed-in user whom GET /api/check-admin accepts. A session that ends while here (refused
 * and not renewable: signed out elsewhere, a password reset) is the check's 401: "Invalid or expired token", home.
 * Signing out on the page reloads it, so it never reaches this guard mounted.
 */
export function RequireAdmin() {
  const { status, user } = useAuth();
  const from = useFrom();
  const { pathname } = useLocation();
  const [arrivedSignedIn] = useState(status === 'signedIn');
  const check = useQuery({
    // By page too: the guard stays mounted from one admin page to the next (and while a page's code loads).
    queryKey: ['check-admin', user?.uid, pathname],
    queryFn: () => api('checkAdmin'),
    enabled: status === 'signedIn',
    // Asked again on every visit: a role can change at any time.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  if (status !== 'signedIn' && arrivedSignedIn) return <AlertAndRedirect alert={guardAlerts.invalidToken} to={paths.home} />;
  if (status !== 'signedIn') return <AlertAndRedirect alert={guardAlerts.adminLoginNeeded} to={paths.login} state={from} />;
  if (check.isError) return <AlertAndRedirect alert={adminRefusal(check.error)} to={paths.home} />;
  if (!check.isSuccess || check.isFetching) return <PageSpinner label="Checking admin access…" />;
  return <Outlet />;
}

function adminRefusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return guardAlerts.notAdmin;
  if (error instanceof ApiError && error.status === 401) return guardAlerts.invalidToken;
  return guardAlerts.adminCheckFailed;
}
