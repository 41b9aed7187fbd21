import { useQuery } from '@tanstack/react-query';
import type { DriverDetail } from '@slipstream/contract';
import type { CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { cssColour } from '../../lib/colour';
import { paths } from '../../lib/paths';
import { initials } from '../../lib/text';
import { ButtonLink } from '../../lib/ui/Button';
import { Page } from '../../lib/ui/Page';
import { QueryState } from '../../lib/ui/QueryState';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { Skeleton } from '../../lib/ui/Skeleton';
import { Fact } from '../../lib/ui/Fact';
import { DriverFacts } from './DriverFacts';
import { PointsChart } from './PointsChart';
import { driverQuery } from './queries';
import { formatPoints } from './rules';
import { SeasonResults } from './SeasonResults';
import { StandingsNote } from './StandingsNote';
import styles from './DriverPage.module.css';
import { useResultsStream } from '../../lib/useResultsStream';
import { ProvisionalNote } from '../../lib/ui/Provisional';

const ABOUT = 'A Formula 1 driver’s season race by race, the points after every round and the career in numbers.';

function DriverPage() {
  useResultsStream();
  const { id = '' } = useParams();
  const code = id.toUpperCase();
  const driver = useQuery(driverQuery(code));

  if (driver.error && isUnknownDriver(driver.error)) return <DriverNotFound code={code} />;
  const frame = { title: `Driver ${code}`, description: ABOUT };
  return (
    <QueryState
      query={driver}
      pending={
        <Page {...frame} heading={<Skeleton width="9em" />} lead={<Skeleton width="16em" />}>
          <DriverSkeleton />
        </Page>
      }
      error="This driver could not be loaded."
      failure={(note) => <Page {...frame}>{note}</Page>}
    >
      {(data) => (data === null ? <DriverNotFound code={code} /> : <DriverSeason driver={data} />)}
    </QueryState>
  );
}

/** 404: no such driver this season; 400: not even the shape of a driver code. */
function isUnknownDriver(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function DriverSeason({ driver }: { driver: DriverDetail }) {
  const name = `${driver.primulNume} ${driver.alDoileaNume}`;
  const colour = cssColour(driver.culoare);
  return (
    <Page
      title={name}
      description={`${name}’s ${driver.season} Formula 1 season race by race, the championship points after every round and career numbers.`}
      heading={
        <>
          <span className={styles.firstName}>{driver.primulNume}</span> {driver.alDoileaNume}
        </>
      }
      lead={standingLine(driver)}
    >
      <StandingsNote known={driver.standingsAfter} />
      <div className={styles.layout} style={{ '--team': colour } as CSSProperties}>
        <section className={styles.profile} aria-labelledby="driver-profile">
          <h2 id="driver-profile" className="visually-hidden">
            Profile
          </h2>
          <div className={styles.portrait}>
            <PhotoBadge src={driver.poza} alt={name} fallback={driver.number ?? initials(name)} colour={colour} size={112} />
          </div>
          <DriverFacts driver={driver} />
        </section>

        <section className={styles.career} aria-labelledby="driver-career">
          <h2 id="driver-career" className={styles.sectionTitle}>
            Career
          </h2>
          <dl className={styles.tiles}>
            <Fact term="Starts" className={styles.tile}>{driver.career.starts}</Fact>
            <Fact term="Wins" className={styles.tile}>{driver.career.wins}</Fact>
            <Fact term="Podiums" className={styles.tile}>{driver.career.podiums}</Fact>
            <Fact term="Pole positions" className={styles.tile}>{driver.career.poles}</Fact>
            <Fact term="World titles" className={styles.tile}>{driver.career.championships}</Fact>
          </dl>
        </section>

        <section className={styles.progression} aria-labelledby="driver-points">
          <h2 id="driver-points" className={styles.sectionTitle}>
            Points in {driver.season}
          </h2>
          {driver.results.length > 0 ? (
            <PointsChart results={driver.results} colour={colour} driverName={name} season={driver.season} />
          ) : (
            <p className={styles.none}>{noResultsText(driver)}</p>
          )}
        </section>

        <section className={styles.results} aria-labelledby="driver-results">
          <h2 id="driver-results" className={styles.sectionTitle}>
            {driver.season} race by race
          </h2>
          {driver.results.some((result) => result.provisional) && (
            <ProvisionalNote text="Rounds marked Provisional come from F1's live timing and F1DB has not confirmed them yet: a penalty after the flag can still change them." />
          )}
          {driver.results.length > 0 ? (
            <SeasonResults season={driver.season} results={driver.results} />
          ) : (
            <p className={styles.none}>{noResultsText(driver)}</p>
          )}
        </section>
      </div>
      <p className={styles.back}>
        <ButtonLink variant="secondary" to={paths.compare({ a: driver._id, season: driver.season })}>
          Compare {driver.alDoileaNume} with another driver
        </ButtonLink>{' '}
        <Link to={paths.drivers}>All drivers’ standings</Link>
      </p>
    </Page>
  );
}

/**
 * "Red Bull · P2 in the 2025 championship, 421 points"; the team alone before the first race, and said to be
 * unclassified when the others have standings and this driver has none.
 */
function standingLine(driver: DriverDetail): string {
  const team = driver.echipa ?? 'No team';
  if (driver.pozitie === null || driver.puncte === null) {
    return driver.standingsAfter.race ? `${team} · not classified in the ${driver.season} championship` : team;
  }
  return `${team} · P${driver.pozitie} in the ${driver.season} championship, ${formatPoints(driver.puncte)} points`;
}

/** A season without a race yet, or one whose races run by the clock have no results in for this driver yet. */
function noResultsText(driver: DriverDetail): string {
  if (driver.standingsAfter.racesMissing > 0) return `No ${driver.season} results for ${driver.alDoileaNume} are in yet.`;
  return `No races yet in ${driver.season}.`;
}


function DriverNotFound({ code }: { code: string }) {
  return (
    <Page
      title="Driver not found"
      description="There is no Formula 1 driver with this code in the current season."
      lead={
        <>
          There is no driver <code className={styles.code}>{code}</code> this season. Driver pages go by the first
          three letters of the surname, like NOR for Lando Norris.
        </>
      }
    >
      <ButtonLink to={paths.drivers}>See all drivers</ButtonLink>
    </Page>
  );
}

/** The page's shape while the driver loads: the same blocks at their final heights. */
function DriverSkeleton() {
  return (
    <div className={styles.layout} aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading the driver…
      </span>
      <div className={styles.profile} aria-hidden="true">
        <div className={styles.portrait}>
          <Skeleton shape="circle" width={112} height={112} />
        </div>
        <Skeleton lines={6} />
      </div>
      <div className={styles.career} aria-hidden="true">
        <Skeleton width="6em" />
        <Skeleton shape="block" height="9rem" />
      </div>
      <div className={styles.progression} aria-hidden="true">
        <Skeleton width="8em" />
        <Skeleton shape="block" height={260} />
      </div>
    </div>
  );
}

export { DriverPage as Component };
