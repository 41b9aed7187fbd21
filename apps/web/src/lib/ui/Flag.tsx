import { useState } from 'react';
import { apiUrl } from '../api';
import styles from './Flag.module.css';

type FlagProps = {
  /** Our own /api/flags image; null when there is none. */
  src: string | null;
  /** Read by screen readers; leave empty when the country or nationality is written beside the flag. */
  label?: string;
  /** Shown in the flag's place when it is missing or fails to load (a country code); without it, nothing is. */
  fallback?: string;
  loading?: 'lazy' | 'eager';
};

/** A small 3:2 flag; a missing or failing one becomes the fallback text, never a broken image. */
export function Flag({ src, label = '', fallback, loading }: FlagProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || src === failedSrc) {
    if (fallback === undefined) return null;
    return (
      <span className={styles.code} role={label ? 'img' : undefined} aria-label={label || undefined} aria-hidden={!label}>
        {fallback}
      </span>
    );
  }
  return (
    <img
      className={styles.flag}
      src={src}
      alt={label}
      width={24}
      height={16}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}

/** A country's flag by its ISO 3166-1 alpha-2 code (null when it has none), the code standing in for a missing one. */
export function CountryFlag({ code, label }: { code: string | null; label?: string }) {
  return <Flag src={code ? apiUrl('flag', { code: code.toLowerCase() }) : null} label={label} fallback={code ?? '—'} />;
}
