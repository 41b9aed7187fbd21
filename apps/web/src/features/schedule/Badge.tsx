import type { ReactNode } from 'react';
import styles from './Badge.module.css';

export type BadgeTone = 'live' | 'next' | 'done' | 'sprint' | 'plain';

/** A short status word on a pill: Live, Upcoming, Done, Sprint. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  );
}
