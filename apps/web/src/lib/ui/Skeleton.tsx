import type { CSSProperties } from 'react';
import styles from './Skeleton.module.css';

type SkeletonProps = {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** Text lines of the current font size; the last is shorter, like a paragraph. */
  lines?: number;
  shape?: 'text' | 'block' | 'circle';
};

/**
 * A grey placeholder in the shape of content that is loading. Hidden from screen readers: pair it
 * with a status text (or a Spinner) where the wait matters.
 */
export function Skeleton({ width, height, lines = 1, shape = 'text' }: SkeletonProps) {
  if (shape === 'text' && lines > 1) {
    return (
      <span className={styles.lines} aria-hidden="true" style={{ width }}>
        {Array.from({ length: lines }, (_, index) => (
          <span key={index} className={styles.skeleton} data-shape="text" />
        ))}
      </span>
    );
  }
  return <span className={styles.skeleton} data-shape={shape} aria-hidden="true" style={{ width, height }} />;
}
