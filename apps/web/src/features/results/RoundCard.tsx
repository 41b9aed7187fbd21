import { meetingSlug, type ErgastRaceBase } from '@slipstream/contract';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { formatDate } from '../../lib/time';
import { ProvisionalNote } from '../../lib/ui/Provisional';
import { Skeleton } from '../../lib/ui/Skeleton';
import styles from './RoundCard.module.css';

/**
 * One round of the feed: its number, the race (linking to the meeting page, whose slug is the race name's),
 * country and day, then the classification, marked when it is provisional (the API's one field beyond Ergast's).
 */
export function RoundCard({ race, children }: { race: ErgastRaceBase & { provisional?: true }; children: ReactNode }) {
  const headingId = useId();
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.header}>
        <p className={styles.round}>Round {race.round}</p>
        <h2 id={headingId} className={styles.name}>
          <Link to={paths.meeting(race.season, meetingSlug(race.raceName))}>{race.raceName}</Link>
        </h2>
        <p className={styles.where}>
          {race.Circuit.Location.country}
          <span aria-hidden="true"> · </span>
          <time dateTime={race.date}>{formatDate(race.date)}</time>
        </p>
      </header>
      {race.provisional && <ProvisionalNote />}
      {children}
    </article>
  );
}

/** A typical grid: the placeholder is as tall as most classifications, so the page does not jump. */
const PLACEHOLDER_ROWS = 20;

/** The shape of a round while it loads. */
export function RoundCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.header}>
        <p className={styles.round}>
          <Skeleton width="4.5rem" />
        </p>
        <p className={styles.name}>
          <Skeleton shape="block" width="min(16rem, 70%)" height="1.15em" />
        </p>
        <p className={styles.where}>
          <Skeleton width="10rem" />
        </p>
      </div>
      <div className={styles.placeholderHead} />
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
        <div key={index} className={styles.placeholderRow}>
          <Skeleton width="1.5rem" />
          <Skeleton width="min(14rem, 55%)" />
        </div>
      ))}
    </div>
  );
}
