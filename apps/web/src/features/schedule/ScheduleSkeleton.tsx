import { Skeleton } from '../../lib/ui/Skeleton';
import styles from './ScheduleSkeleton.module.css';

const PLACEHOLDER_ROUNDS = 6;

/** The schedule's shape while it loads: a hero, a few rounds, the calendar, at their real sizes. */
export function ScheduleSkeleton() {
  return (
    <div className={styles.skeleton}>
      <p role="status" className="visually-hidden">
        Loading the schedule…
      </p>
      <HeroSkeleton withMap />
      <div>
        <Skeleton width="12rem" height="2rem" shape="block" />
        <div className={styles.rounds}>
          {Array.from({ length: PLACEHOLDER_ROUNDS }, (_, index) => (
            <Skeleton key={index} shape="block" height="5.25rem" />
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The hero card's frame with three days of sessions: on the schedule with the name, the circuit's drawing and the
 * button (withMap), on a meeting's page stacked and without them.
 */
export function HeroSkeleton({ withMap = false }: { withMap?: boolean }) {
  return (
    <div className={styles.hero} data-layout={withMap ? 'split' : 'stacked'} aria-hidden="true">
      <div className={styles.summary}>
        <Skeleton width="9rem" />
        {withMap && <Skeleton width="70%" height="2rem" shape="block" />}
        <Skeleton lines={2} width="85%" />
        <Skeleton width="8rem" height="1.5rem" shape="block" />
        {withMap && (
          <>
            <span className={styles.map}>
              <Skeleton shape="block" height="100%" />
            </span>
            <Skeleton width="11rem" height="var(--tap)" shape="block" />
          </>
        )}
      </div>
      <div className={styles.days}>
        {[2, 2, 1].map((sessions, day) => (
          <div key={day} className={styles.day}>
            <Skeleton width="8rem" />
            {Array.from({ length: sessions }, (_, index) => (
              <Skeleton key={index} shape="block" height="2.75rem" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
