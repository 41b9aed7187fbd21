import styles from './admin.module.css';

/** One term and its value in a facts list (dl). */
export function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
