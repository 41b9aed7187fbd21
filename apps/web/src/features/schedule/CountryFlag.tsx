import { useState } from 'react';
import { api } from '../../lib/api';
import styles from './CountryFlag.module.css';

type CountryFlagProps = {
  /** ISO 3166-1 alpha-2, "GB"; null when the country has none. */
  code: string | null;
  /** Read by screen readers; leave empty when the country's name is written beside the flag. */
  label?: string;
};

/** A small 3:2 flag; a missing or failing flag becomes the country code, never a broken image. */
export function CountryFlag({ code, label = '' }: CountryFlagProps) {
  const [failed, setFailed] = useState(false);
  if (!code || failed) {
    return (
      <span className={styles.code} role={label ? 'img' : undefined} aria-label={label || undefined} aria-hidden={!label}>
        {code ?? '—'}
      </span>
    );
  }
  return (
    <img
      className={styles.flag}
      src={api.flagUrl(code)}
      alt={label}
      width={24}
      height={16}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
