import { useSyncExternalStore } from 'react';
import { ArrowUpIcon } from '../../lib/ui/icons';
import styles from './ScrollToTop.module.css';

/** The threshold of docs/product.md (Shell): the button appears once the page is scrolled further than this. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const scrolledPastThreshold = () => window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX;

export function ScrollToTop() {
  // A page rendered on the server starts at the top.
  const visible = useSyncExternalStore(subscribe, scrolledPastThreshold, () => false);
  if (!visible) return null;
  const scrollUp = () => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  };
  return (
    <button
      type="button"
      className={styles.button}
      aria-label="Back to top"
      onClick={scrollUp}
    >
      <ArrowUpIcon size={22} />
    </button>
  );
}
