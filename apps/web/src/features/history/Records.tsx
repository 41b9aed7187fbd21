import { useState } from 'react';
import type { HistoryResponse, RecordTable } from '@slipstream/contract';
import styles from './HistoryPage.module.css';

type Subject = keyof HistoryResponse['records'];
const SUBJECTS: { id: Subject; label: string }[] = [
  { id: 'drivers', label: 'Drivers' },
  { id: 'constructors', label: 'Constructors' },
];

/** The all-time records, counted from the data: drivers or constructors, one table per record. */
export function Records({ records }: { records: HistoryResponse['records'] }) {
  const [subject, setSubject] = useState<Subject>('drivers');
  return (
    <section id="records" aria-labelledby="records-heading" className={styles.section}>
      <h2 id="records-heading">Records</h2>
      <div role="group" aria-label="Records of" className={styles.toggle}>
        {SUBJECTS.map(({ id, label }) => (
          <button key={id} type="button" aria-pressed={subject === id} className={styles.toggleButton} onClick={() => setSubject(id)}>
            {label}
          </button>
        ))}
      </div>
      <div className={styles.recordGrid}>
        {records[subject].map((table) => (
          <RecordCard key={`${subject}-${table.category}`} table={table} />
        ))}
      </div>
    </section>
  );
}

function RecordCard({ table }: { table: RecordTable }) {
  const headingId = `record-${table.category}`;
  return (
    <section aria-labelledby={headingId} className={styles.record}>
      <h3 id={headingId} className={styles.recordTitle}>
        {table.title}
      </h3>
      <p className={styles.recordNote}>{table.counting}</p>
      <ol className={styles.holders}>
        {table.holders.map((holder) => (
          <li key={holder.id} className={styles.holder} data-leader={holder.rank === 1}>
            <span className={styles.holderRank}>{holder.rank}</span>
            <span className={styles.holderName}>{holder.name}</span>
            <span className={styles.holderValue}>{holder.value}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
