import type { ReactNode } from 'react';
import styles from './Prose.module.css';

/** Readable long text: headings, paragraphs and lists with comfortable spacing (info and legal pages). */
export function Prose({ children }: { children: ReactNode }) {
  return <div className={styles.prose}>{children}</div>;
}
