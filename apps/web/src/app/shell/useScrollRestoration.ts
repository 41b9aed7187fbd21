import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each visited entry of the history was left, by location key. */
const positions = new Map<string, number>();

/**
 * A new page starts at the top (or at its #anchor, which the browser finds); going back or forward returns to
 * where that page was left. (React Router's ScrollRestoration does this only inside its data router.)
 */
export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    if (navigationType === 'POP') window.scrollTo(0, positions.get(key) ?? 0);
    else if (!hash) window.scrollTo(0, 0);
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
    // Only a new history entry moves the page, not a change of how it was reached.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
