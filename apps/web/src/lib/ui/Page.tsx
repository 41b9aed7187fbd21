import type { ReactNode } from 'react';
import { usePageMeta, type PageMeta } from '../pageMeta';
import styles from './Page.module.css';

type PageProps = PageMeta & {
  /** The h1; the title when omitted. */
  heading?: ReactNode;
  /** A sentence under the heading saying what the page is for. */
  lead?: ReactNode;
  children?: ReactNode;
  /** 'prose' narrows the column for reading (info and legal pages). */
  width?: 'wide' | 'prose';
};

/** The frame of a screen: its title and description for the tab and search, its heading, its content. */
export function Page({ title, description, heading, lead, children, width = 'wide' }: PageProps) {
  usePageMeta({ title, description });
  return (
    <div className={styles.page} data-width={width}>
      <div className={styles.header}>
        <h1 className={styles.heading}>{heading ?? title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
      </div>
      {children}
    </div>
  );
}
