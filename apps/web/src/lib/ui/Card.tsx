import type { ReactNode } from 'react';
import styles from './Card.module.css';

type CardProps = {
  children: ReactNode;
  /** A heading at the top of the card. */
  title?: ReactNode;
  as?: 'div' | 'section' | 'article' | 'li';
  className?: string;
};

/** The site's raised surface: standings entries, home blocks, info sections. */
export function Card({ children, title, as: Element = 'div', className }: CardProps) {
  return (
    <Element className={className ? `${styles.card} ${className}` : styles.card}>
      {title && <h2 className={styles.title}>{title}</h2>}
      {children}
    </Element>
  );
}
