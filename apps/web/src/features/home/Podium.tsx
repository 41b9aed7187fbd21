import { cssColour, readableTextOn } from '../../lib/colour';
import styles from './Podium.module.css';

export type PodiumEntry = {
  key: string;
  /** First line, small: a driver's first name; omitted for teams. */
  firstName?: string;
  /** Second line, bold: a driver's surname or a team's name. */
  name: string;
  /** A driver's team. */
  team?: string;
  /** "25 PTS", "+11 places". */
  value: string;
  colour: string;
};

/**
 * The first three of a result on podium steps. The list stays in finishing order for screen readers;
 * the steps are placed 2-1-3 on screen, the winner in the middle and highest.
 */
export function Podium({ label, entries }: { label: string; entries: PodiumEntry[] }) {
  return (
    <ol className={styles.podium} aria-label={label}>
      {entries.slice(0, 3).map((entry, index) => {
        const colour = cssColour(entry.colour);
        return (
          <li key={entry.key} className={styles.place} data-place={index + 1}>
            <div className={styles.who}>
              {entry.firstName && <span className={styles.firstName}>{entry.firstName}</span>}
              <span className={styles.name}>{entry.name}</span>
              {entry.team && <span className={styles.team}>{entry.team}</span>}
              <span className={styles.value}>{entry.value}</span>
            </div>
            <div className={styles.step} style={{ background: colour, color: readableTextOn(colour) }}>
              <span className="visually-hidden">Place </span>
              {index + 1}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
