import { OAUTH_RETURN_MODE, OAUTH_RETURN_PATH } from '@slipstream/contract';
import { AccountFlowError, isAccountErrorCode } from './errors';
import { POPUP_NAME } from './popupWindow';

/**
 * Google and GitHub sign-in in a 500×600 popup (docs/product.md, Accounts and guards). The popup runs the server's OAuth round
 * trip (/api/auth/oauth/:provider → the provider → our callback), which ends on the return page
 * /auth-action?mode=oauth with `next` (signed in, the refresh cookie set) or `error` (a code). That page,
 * loaded in the popup, tells the opener the outcome (postMessage, same origin only) and closes; the opener
 * then trades the cookie for a session. (The server sends every page of that trip without opener isolation,
 * COOP unsafe-none, so the popup keeps its opener.) A popup closed before that is "popup closed by user";
 * one the browser refused to open is "popup blocked", and the form offers the same sign-in in this window.
 */

const POPUP_SIZE = { width: 500, height: 600 };
const LANDED = 'slipstream:oauth-landed';
/** How often the opener looks whether the popup is still open (there is no event for it). */
const CLOSED_POLL_MS = 400;

type Landed = { type: typeof LANDED; next: string | null; error: string | null };

/** The outcome on the return page, or null on any other page. */
export function oauthOutcome(location: { pathname: string; search: string }): { next: string | null; error: string | null } | null {
  const query = new URLSearchParams(location.search);
  if (location.pathname !== OAUTH_RETURN_PATH || query.get('mode') !== OAUTH_RETURN_MODE) return null;
  const next = query.get('next');
  // Only a path of this site, never an address elsewhere.
  return { next: next?.startsWith('/') && !next.startsWith('//') ? next : null, error: query.get('error') };
}

/**
 * In the popup, before the app starts: report the outcome to the page that opened it and close. Returns
 * false on any other page load, which then starts the app as usual (a sign-in in the whole window ends on
 * the same page, and AuthActionPage moves on from there).
 */
export function reportToOpener(): boolean {
  const outcome = oauthOutcome(window.location);
  const opener = window.opener as Window | null;
  if (!outcome || window.name !== POPUP_NAME || !opener || opener === window) return false;
  const message: Landed = { type: LANDED, ...outcome };
  try {
    opener.postMessage(message, window.location.origin);
  } catch {
    return false;
  }
  window.close();
  return true;
}

/** Centred over the current window. */
function popupFeatures(): string {
  const { width, height } = POPUP_SIZE;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
}

/**
 * Opens the provider's sign-in in the popup and resolves with the path the round trip ended on ("/" or
 * "/update-profile"); rejects with an AccountFlowError (blocked, closed, or the server's error code).
 */
export function signInWithPopup(signInUrl: string): Promise<string> {
  const popup = window.open(signInUrl, POPUP_NAME, popupFeatures());
  if (!popup) return Promise.reject(new AccountFlowError('auth/popup-blocked'));
  popup.focus();

  return new Promise((resolve, reject) => {
    let closedOnce = false;
    const stop = () => {
      clearInterval(poll);
      window.removeEventListener('message', onMessage);
    };

    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin || event.source !== popup || !isLanded(event.data)) return;
      stop();
      if (!popup.closed) popup.close();
      const { next, error } = event.data;
      if (error || !next) reject(new AccountFlowError(isAccountErrorCode(error) ? error : 'auth/provider-error'));
      else resolve(next);
    };

    const poll = setInterval(() => {
      if (!popup.closed) return;
      // One more round first: the popup closes itself right after posting, and its message may still be queued.
      if (!closedOnce) {
        closedOnce = true;
        return;
      }
      stop();
      reject(new AccountFlowError('auth/popup-closed-by-user'));
    }, CLOSED_POLL_MS);

    window.addEventListener('message', onMessage);
  });
}

function isLanded(data: unknown): data is Landed {
  return typeof data === 'object' && data !== null && (data as Landed).type === LANDED;
}
