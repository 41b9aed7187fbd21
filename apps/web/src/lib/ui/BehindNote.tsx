import type { ReactNode } from 'react';
import { AlertIcon } from './icons';
import styles from './BehindNote.module.css';

/** Says plainly that what the page shows is behind the racing clock (see lib/resultsKnown); the caller spaces it. */
export function BehindNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={className ? `${styles.note} ${className}` : styles.note} role="note">
      <AlertIcon className={styles.icon} />
      <span>{children}</span>
    </p>
  );
}
