import type { TimelineEntry } from '@slipstream/contract';
import styles from './HistoryPage.module.css';

export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <section id="timeline" aria-labelledby="timeline-heading" className={styles.section}>
      <h2 id="timeline-heading">Timeline</h2>
      <ol className={styles.timeline}>
        {entries.map((entry) => (
          <li key={`${entry.year}-${entry.title}`} className={styles.moment}>
            <span className={styles.momentYear}>{entry.year}</span>
            <div>
              <h3 className={styles.momentTitle}>{entry.title}</h3>
              <p className={styles.momentText}>{entry.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
