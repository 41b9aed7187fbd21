import { AccountFlowError, isAccountErrorCode } from './errors';

/**
 * Google and GitHub sign-in in a 500×600 popup (spec section 9). The popup runs the server's OAuth round
 * trip (/api/auth/oauth/:provider → the provider → our callback), which ends on a page of this site: /
 * or /update-profile with the refresh cookie set, or /login?error=<code>. That page, loaded in the popup,
 * tells the opener where it landed (postMessage, same origin only) and closes; the opener then trades the
 * cookie for a session. A popup closed before that is "popup closed by user"; one the browser refused to
 * open is "popup blocked", and the form offers the same sign-in in this window instead.
 */

export const POPUP_NAME = 'slipstream-oauth';
export const POPUP_SIZE = { width: 500, height: 600 };
const LANDED = 'slipstream:oauth-landed';
/** How often the opener looks whether the popup is still open (there is no event for it). */
const CLOSED_POLL_MS = 400;

type Landed = { type: typeof LANDED; location: string };

/**
 * In the popup, before the app starts: report where the round trip ended to the page that opened it and
 * close. Returns false on any ordinary page load, which then starts the app as usual.
 */
export function reportToOpener(): boolean {
  const opener = window.opener as Window | null;
  if (window.name !== POPUP_NAME || !opener || opener === window) return false;
  const message: Landed = { type: LANDED, location: window.location.pathname + window.location.search };
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
      const landing = new URL(event.data.location, window.location.origin);
      const error = landing.searchParams.get('error');
      if (landing.pathname === '/login' && error) reject(new AccountFlowError(isAccountErrorCode(error) ? error : 'auth/provider-error'));
      else resolve(landing.pathname + landing.search);
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
  return typeof data === 'object' && data !== null && (data as Landed).type === LANDED && typeof (data as Landed).location === 'string';
}
