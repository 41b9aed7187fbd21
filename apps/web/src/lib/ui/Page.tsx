import type { ReactNode } from 'react';
import type { FixedPageName } from '@slipstream/contract/page-descriptions';
import { usePageMeta, useRegistryPageMeta, type PageMeta } from '../pageMeta';
import styles from './Page.module.css';

type PageProps = (PageMeta | { /** A page without parameters: its title and description are the page registry's. */ page: FixedPageName }) & {
  /** The h1; the title when omitted. */
  heading?: ReactNode;
  /** A sentence under the heading saying what the page is for. */
  lead?: ReactNode;
  children?: ReactNode;
  /** 'prose' narrows the column for reading (info and legal pages). */
  width?: 'wide' | 'prose';
};

/** The frame of a screen: its title and description for the tab and search, its heading, its content. */
export function Page(props: PageProps) {
  const { heading, lead, children, width = 'wide' } = props;
  const registry = useRegistryPageMeta('page' in props ? props.page : undefined);
  const { title, description } = 'page' in props ? registry : props;
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
