import { useQuery } from '@tanstack/react-query';
import type { LeaderboardEntry } from '@slipstream/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Card } from '../../lib/ui/Card';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { leaderboardQuery, type PersonalBest } from './queries';
import styles from './ReactionGamePage.module.css';

/** Rows shown before "Show all": the board holds up to 50. */
const FIRST_ROWS = 10;
const UNNAMED = 'Anonymous driver';
/** Badges of players without a photo: a neutral grey that carries white initials in both themes. */
const BADGE_COLOUR = '#5f6170';

export function Leaderboard({ personal }: { personal: PersonalBest }) {
  const board = useQuery(leaderboardQuery);
  return (
    <section aria-labelledby="leaderboard-heading" className={styles.board}>
      <Card>
        <h2 id="leaderboard-heading" className={styles.boardTitle}>
          Leaderboard
        </h2>
        <p className={styles.boardNote}>Each player’s best start.</p>
        <PlayerPlace personal={personal} />
        <QueryState query={board} pending={<BoardSkeleton />} error={(error) => error.message}>
          {({ entries }) => <BestTimes entries={entries} />}
        </QueryState>
      </Card>
    </section>
  );
}

function BestTimes({ entries }: { entries: LeaderboardEntry[] }) {
  const [showAll, setShowAll] = useState(false);
  if (entries.length === 0) return <p className={styles.muted}>No times yet: set the first one.</p>;
  const shown = showAll ? entries : entries.slice(0, FIRST_ROWS);
  return (
    <>
      <ol className={styles.boardList} aria-label="Best times">
        {shown.map((entry, i) => {
          const name = entry.name ?? UNNAMED;
          return (
            <li key={i} className={styles.boardRow}>
              <span className={styles.rank}>
                <span className="visually-hidden">Rank </span>
                {entry.rank}
              </span>
              <span aria-hidden="true">
                <PhotoBadge src={entry.photoUrl} alt="" fallback={initials(name)} colour={BADGE_COLOUR} size={32} />
              </span>
              <span className={styles.player}>{name}</span>
              <span className={styles.boardTime}>{entry.bestMs} ms</span>
            </li>
          );
        })}
      </ol>
      {entries.length > FIRST_ROWS && (
        <button type="button" className={styles.linkButton} aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
          {showAll ? `Show the top ${FIRST_ROWS}` : `Show all ${entries.length}`}
        </button>
      )}
    </>
  );
}

function PlayerPlace({ personal }: { personal: PersonalBest }) {
  if (personal.status === 'local') {
    return (
      <p className={styles.place}>
        <Link to={paths.login}>Log in</Link> to keep your best on your account and take a place on the board.
      </p>
    );
  }
  if (personal.status === 'loading') return <p className={styles.place} aria-hidden="true"><Skeleton width="70%" /></p>;
  if (personal.readError) return <p className={styles.place}>Your best could not be read: {personal.readError}</p>;
  if (personal.rank === null) return <p className={styles.place}>Your first time on the lights will put you on the board.</p>;
  return (
    <p className={styles.place}>
      You are <strong>{ordinal(personal.rank)}</strong> of {personal.players} with {personal.bestMs} ms.
    </p>
  );
}

function BoardSkeleton() {
  return (
    <div className={styles.boardList} aria-hidden="true">
      {Array.from({ length: FIRST_ROWS }, (_, i) => (
        <div key={i} className={styles.boardRow}>
          <Skeleton width="1.5rem" />
          <Skeleton shape="circle" width={32} height={32} />
          <Skeleton width="60%" />
          <Skeleton width="3.5rem" />
        </div>
      ))}
    </div>
  );
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}
