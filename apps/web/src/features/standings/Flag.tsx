import { useState } from 'react';
import styles from './Flag.module.css';

/**
 * A nationality's flag (our own /api/flags image); nothing at all if there is none or it fails to load.
 * `alt` names the nationality, or is empty when the nationality is written beside it.
 */
export function Flag({ src, alt }: { src: string | null; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || src === failedSrc) return null;
  return (
    <img
      className={styles.flag}
      src={src}
      alt={alt}
      width={24}
      height={16}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
