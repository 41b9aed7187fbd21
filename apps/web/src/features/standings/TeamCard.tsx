import { Fragment, type CSSProperties } from 'react';
import type { Team } from '@slipstream/contract';
import { Link } from 'react-router';
import { cssColour, readableTextOn } from '../../lib/colour';
import { paths } from '../../lib/paths';
import { initials } from '../../lib/text';
import { HeartIcon } from '../../lib/ui/icons';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { Skeleton } from '../../lib/ui/Skeleton';
import { CarPicture } from './CarPicture';
import { formatPoints, unclassified, unclassifiedText } from './rules';
import styles from './TeamCard.module.css';

type TeamCardProps = {
  team: Team;
  /** False when no team has points yet: then no team shows them. */
  showPoints: boolean;
  favourite: boolean;
};

/** One team of the standings; the whole card links to /teams, as docs/product.md (Standings) has it. */
export function TeamCard({ team, showPoints, favourite }: TeamCardProps) {
  const colour = cssColour(team.culoareEchipa);
  const drivers = [team.pilot_1, team.pilot_2].filter((name): name is string => name !== null);
  const unplaced = showPoints && unclassified(team);
  return (
    <Link
      to={paths.teams}
      className={styles.card}
      style={{ '--team': colour } as CSSProperties}
      data-favourite={favourite || undefined}
    >
      <div className={styles.header}>
        <span className={styles.position}>
          {team.pozitie !== null && (
            <>
              <span className="visually-hidden">Position </span>
              {team.pozitie}
            </>
          )}
          {unplaced && <span aria-hidden="true">–</span>}
        </span>
        <span aria-hidden="true" className={styles.logo}>
          <PhotoBadge src={team.logo} alt="" fallback={initials(team.name)} colour={colour} size={48} shape="rounded" />
        </span>
        <span className={styles.identity}>
          <span className={styles.name}>{team.name}</span>
          {drivers.length > 0 && (
            <span className={styles.drivers}>
              {drivers.map((driver, index) => (
                // Each name stays whole; a narrow card breaks the line between them.
                <Fragment key={driver}>
                  {index > 0 && ' · '}
                  <span className={styles.driver}>{driver}</span>
                </Fragment>
              ))}
            </span>
          )}
        </span>
        {showPoints && team.nrpuncte !== null && (
          <span className={styles.points}>
            <span className={styles.pointsValue}>{formatPoints(team.nrpuncte)}</span>{' '}
            <span className={styles.pointsLabel}>PTS</span>
          </span>
        )}
      </div>

      <div className={styles.car} aria-hidden="true">
        <CarPicture src={team.masinaPoza} colour={colour} />
      </div>

      <div className={styles.facts}>
        {unplaced && <span className={styles.unclassified}>{unclassifiedText(team.standingsAfter)}</span>}
        {team.curseCastigate !== null && (
          <span className={styles.fact}>
            Races won <strong>{team.curseCastigate}</strong>
          </span>
        )}
        {team.principal && (
          <span className={styles.fact}>
            Team principal <strong>{team.principal}</strong>
          </span>
        )}
        {team.liked_by > 0 && (
          <span className={styles.fact}>
            <HeartIcon size={16} className={styles.heart} />
            Liked by <strong>{team.liked_by}</strong>
          </span>
        )}
        {favourite && (
          <span className={styles.favourite} style={{ background: colour, color: readableTextOn(colour) }}>
            Your team
          </span>
        )}
      </div>
    </Link>
  );
}

/** The card's shape while the standings load, the same size so nothing moves when they arrive. */
export function TeamCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.header}>
        <span className={styles.position}>
          <Skeleton width="1ch" />
        </span>
        <span className={styles.logo}>
          <Skeleton shape="block" width={48} height={48} />
        </span>
        <span className={styles.identity}>
          <span className={styles.name}>
            <Skeleton width="7em" />
          </span>
          <span className={styles.drivers}>
            <Skeleton width="14em" />
          </span>
        </span>
        <span className={styles.points}>
          <Skeleton width="3ch" height="1.6rem" shape="block" />
        </span>
      </div>
      <div className={styles.car} />
      <div className={styles.facts}>
        <span className={styles.fact}>
          <Skeleton width="7em" />
        </span>
      </div>
    </div>
  );
}
