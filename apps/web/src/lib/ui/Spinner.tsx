import styles from './Spinner.module.css';

type SpinnerProps = {
  /** Read by screen readers; the spinner itself is silent. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
};

export function Spinner({ label = 'Loading…', size = 'md' }: SpinnerProps) {
  return (
    <span role="status" className={styles.spinner} data-size={size}>
      <span className={styles.wheel} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The whole viewport, centred: before the app knows who is visiting, and while a route loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
