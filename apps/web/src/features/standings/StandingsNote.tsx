import type { ResultsKnown } from '@slipstream/contract';
import { standingsBehindNote } from '../../lib/resultsKnown';
import { BehindNote } from '../../lib/ui/BehindNote';
import styles from './Standings.module.css';

/** The race the standings are after, said only when later races finished by the clock still miss their results. */
export function StandingsNote({ known }: { known: ResultsKnown | undefined }) {
  const note = known && standingsBehindNote(known);
  return note ? <BehindNote className={styles.note}>{note}</BehindNote> : null;
}
