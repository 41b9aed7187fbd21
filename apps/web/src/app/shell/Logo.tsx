import styles from './Logo.module.css';

/** The wordmark: three speed stripes and the name, set in heavy italics like race graphics. */
export function Logo() {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 32 24" aria-hidden="true" focusable="false">
        <path d="M10 2h20l-4 5H6z" />
        <path d="M6 9.5h20l-4 5H2z" opacity="0.75" />
        <path d="M2 17h20l-4 5H-2z" opacity="0.5" />
      </svg>
      <span className={styles.word}>Slipstream</span>
    </span>
  );
}
