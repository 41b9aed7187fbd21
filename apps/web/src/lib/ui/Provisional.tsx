import styles from './Provisional.module.css';

/** What "Provisional" means, wherever the mark is shown. */
const PROVISIONAL_MEANING = "From F1's live timing, not yet confirmed by F1DB: a penalty after the flag can still change it.";

/** The mark on results from F1's live timing that F1DB has not confirmed yet. */
export function ProvisionalBadge() {
  return (
    <span className={styles.badge} title={PROVISIONAL_MEANING}>
      Provisional
    </span>
  );
}

/** For standings (and sums of results) that count provisional results. */
export const PROVISIONAL_STANDINGS =
  "These standings count results from F1's live timing that F1DB has not confirmed yet: a penalty after the flag can still change them.";

const RESULTS_NOTE = "These results come from F1's live timing. F1DB has not confirmed them yet: a penalty after the flag can still change them.";

/** The mark and what it means, in a sentence, at the top of a table or section. */
export function ProvisionalNote({ text = RESULTS_NOTE }: { text?: string }) {
  return (
    <p className={styles.note} role="note">
      <ProvisionalBadge />
      <span>{text}</span>
    </p>
  );
}
