import { useId, type ReactNode } from 'react';
import styles from './Card.module.css';

type CardProps = {
  children: ReactNode;
  /** A heading at the top of the card. */
  title?: ReactNode;
  as?: 'div' | 'section' | 'article' | 'li';
  className?: string;
};

/** The site's raised surface: standings entries, home blocks, info sections. A titled section is named by its title. */
export function Card({ children, title, as: Element = 'div', className }: CardProps) {
  const titleId = useId();
  const labelled = Boolean(title) && Element === 'section';
  return (
    <Element className={className ? `${styles.card} ${className}` : styles.card} aria-labelledby={labelled ? titleId : undefined}>
      {title && (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      )}
      {children}
    </Element>
  );
}
