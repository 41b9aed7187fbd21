import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import type { ResultsKnown } from '@slipstream/contract';
import { Link } from 'react-router';
import { cssColour } from '../../lib/colour';
import { PositionChange } from '../../lib/ui/PositionChange';
import { formatPoints } from './rules';
import { previousPositionsQuery, type PositionsById } from './queries';
import styles from './StandingsTable.module.css';

/** One line of the compact standings: a driver or a team. */
export type StandingsEntry = {
  id: string;
  position: number | null;
  name: string;
  /** The driver's team, or the team's drivers. */
  detail: string | null;
  colour: string;
  points: number | null;
  wins?: number | null;
  to?: string;
  favourite: boolean;
};

type StandingsTableProps = {
  caption: string;
  entries: StandingsEntry[];
  /** The standings before the last round counted, by id; undefined while unknown or when there is none. */
  previous: PositionsById | undefined;
  /** The race the standings are after: its round names the change column. */
  after: ResultsKnown['race'];
  showWins?: boolean;
};

/** The standings as one compact table, as results sheets print them, with each entry's move since the round before. */
export function StandingsTable({ caption, entries, previous, after, showWins = false }: StandingsTableProps) {
  const showChange = after !== null && after.round > 1;
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.number}>
              <abbr title="Position">Pos</abbr>
            </th>
            {showChange && (
              <th scope="col" className={styles.change}>
                <abbr title={`Change since round ${after.round - 1}`}>+/−</abbr>
              </th>
            )}
            <th scope="col">Name</th>
            <th scope="col" className={styles.number}>
              <abbr title="Points">Pts</abbr>
            </th>
            {showWins && (
              <th scope="col" className={styles.number}>
                Wins
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-favourite={entry.favourite || undefined} style={{ '--team': cssColour(entry.colour) } as CSSProperties}>
              <td className={styles.number}>{entry.position ?? '–'}</td>
              {showChange && (
                <td className={styles.change}>
                  <Change entry={entry} previous={previous} />
                </td>
              )}
              <th scope="row" className={styles.name}>
                {entry.to ? <Link to={entry.to}>{entry.name}</Link> : entry.name}
                {entry.favourite && <span className={styles.favourite}> · your favourite</span>}
                {entry.detail && <span className={styles.detail}>{entry.detail}</span>}
              </th>
              <td className={`${styles.number} ${styles.points}`}>{entry.points === null ? '–' : formatPoints(entry.points)}</td>
              {showWins && <td className={styles.number}>{entry.wins ?? '–'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Change({ entry, previous }: { entry: StandingsEntry; previous: PositionsById | undefined }) {
  const before = previous?.[entry.id];
  if (entry.position === null || before === undefined) return null;
  const change = before - entry.position;
  const label = change === 0 ? 'unchanged' : `${change > 0 ? 'up' : 'down'} ${Math.abs(change)} ${Math.abs(change) === 1 ? 'place' : 'places'}`;
  return <PositionChange change={change} label={label} />;
}

/** The positions after the round before the one the standings are after; undefined before the second round. */
export function usePreviousPositions(of: 'drivers' | 'teams', after: ResultsKnown['race']): PositionsById | undefined {
  const hasPrevious = after !== null && after.round > 1;
  const previous = useQuery({ ...previousPositionsQuery(of, after?.season ?? 0, (after?.round ?? 1) - 1), enabled: hasPrevious });
  return hasPrevious ? previous.data : undefined;
}
