import type { ReactNode } from 'react';
import styles from './FactTile.module.css';

/**
 * One term and its value in a facts list (<dl>): a soft tile, or the look className gives it (a row, a column);
 * a caller's class may compose the tile (FactTile.module.css) to size it.
 */
export function Fact({ term, children, className = styles.tile }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
