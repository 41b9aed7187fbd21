import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { cssColour, readableTextOn } from '../../lib/colour';
import { paths } from '../../lib/paths';
import { initials } from '../../lib/text';
import { HeartIcon } from '../../lib/ui/icons';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { Skeleton } from '../../lib/ui/Skeleton';
import { Flag } from '../../lib/ui/Flag';
import { formatPoints, unclassified, unclassifiedText, type DriverStanding } from './rules';
import styles from './DriverCard.module.css';

type DriverCardProps = DriverStanding & {
  /** False when no driver has a position and points yet: then no driver shows them. */
  placed: boolean;
  favourite: boolean;
};

/** One driver of the standings, linking to their page. */
export function DriverCard({ driver, gap, placed, favourite }: DriverCardProps) {
  const colour = cssColour(driver.culoare);
  const name = `${driver.primulNume} ${driver.alDoileaNume}`;
  const unplaced = placed && unclassified(driver);
  return (
    <Link
      to={paths.driver(driver.code)}
      className={styles.card}
      style={{ '--team': colour } as CSSProperties}
      data-favourite={favourite || undefined}
    >
      <span className={styles.position}>
        {placed && !unplaced && (
          <>
            <span className="visually-hidden">Position </span>
            {driver.pozitie}
          </>
        )}
        {unplaced && <span aria-hidden="true">–</span>}
      </span>
      <span aria-hidden="true" className={styles.photo}>
        <PhotoBadge src={driver.poza} alt="" fallback={driver.number ?? initials(name)} colour={colour} size={56} />
      </span>
      <span className={styles.identity}>
        <span className={styles.firstName}>{driver.primulNume}</span>
        <span className={styles.lastName}>{driver.alDoileaNume}</span>
        <span className={styles.team}>
          <Flag src={driver.steag} label={driver.nationality} loading="lazy" />
          <span className={styles.teamName}>{driver.echipa ?? 'No team'}</span>
        </span>
      </span>
      <span className={styles.side}>
        {placed && driver.puncte !== null && (
          <span className={styles.points}>
            <span className={styles.pointsValue}>{formatPoints(driver.puncte)}</span>{' '}
            <span className={styles.pointsLabel}>PTS</span>
          </span>
        )}
        {driver.nrFani > 0 && (
          <span className={styles.fans}>
            <HeartIcon size={16} className={styles.heart} />
            {driver.nrFani}
            <span className="visually-hidden"> {driver.nrFani === 1 ? 'fan' : 'fans'}</span>
          </span>
        )}
      </span>
      {(gap || unplaced || favourite) && (
        <span className={styles.footer}>
          {gap && <span className={styles.gap}>{gap}</span>}
          {unplaced && <span className={styles.unclassified}>{unclassifiedText(driver.standingsAfter)}</span>}
          {favourite && (
            <span className={styles.favourite} style={{ background: colour, color: readableTextOn(colour) }}>
              Your driver
            </span>
          )}
        </span>
      )}
    </Link>
  );
}

export function DriverCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <span className={styles.position}>
        <Skeleton width="1ch" />
      </span>
      <span className={styles.photo}>
        <Skeleton shape="circle" width={56} height={56} />
      </span>
      <span className={styles.identity}>
        <span className={styles.firstName}>
          <Skeleton width="4em" />
        </span>
        <span className={styles.lastName}>
          <Skeleton width="6em" />
        </span>
        <span className={styles.team}>
          <Skeleton width="7em" />
        </span>
      </span>
      <span className={styles.side}>
        <Skeleton width="3ch" height="1.4rem" shape="block" />
      </span>
      <span className={styles.footer} />
    </div>
  );
}
