import { useQuery } from '@tanstack/react-query';
import type { Driver } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { DriverCard, DriverCardSkeleton } from './DriverCard';
import { useFavourites } from './favourites';
import { driversQuery } from './queries';
import { driverStandings } from './rules';
import { StandingsFrame } from './StandingsFrame';
import { StandingsTable, usePreviousPositions } from './StandingsTable';
import styles from './Standings.module.css';

/** A full grid of twenty drivers holds the page's height while the standings load. */
const SKELETON_DRIVERS = 20;

function DriversPage() {
  const drivers = useQuery(driversQuery);
  const { driverId } = useFavourites();
  return (
    <StandingsFrame
      kind="Driver"
      description={PAGE_DESCRIPTIONS.drivers}
      lead="Every driver’s points and gap to the leader after the latest race. Choose a driver for their season race by race."
      standings={drivers}
      grid={styles.driverGrid}
      placeholder={{ count: SKELETON_DRIVERS, card: <DriverCardSkeleton /> }}
      after={<FavouriteInvite hasFavourite={driverId !== undefined} />}
    >
      {(entries, view) =>
        view === 'table' ? (
          <DriverTable drivers={entries} favouriteDriverId={driverId} />
        ) : (
          <DriverList drivers={entries} favouriteDriverId={driverId} />
        )
      }
    </StandingsFrame>
  );
}

type DriverListProps = {
  /** Best placed first, as GET /api/drivers?order=asc answers. */
  drivers: Driver[];
  /** The signed-in visitor's favourite driver (F1DB id), highlighted. */
  favouriteDriverId?: string | undefined;
};

export function DriverList({ drivers, favouriteDriverId }: DriverListProps) {
  const { placed, rows } = driverStandings(drivers);
  return (
    <ol className={styles.driverGrid} aria-label="Drivers">
      {rows.map((row) => (
        <li key={row.driver._id}>
          <DriverCard {...row} placed={placed} favourite={row.driver._id === favouriteDriverId} />
        </li>
      ))}
    </ol>
  );
}

function DriverTable({ drivers, favouriteDriverId }: DriverListProps) {
  const after = drivers[0]?.standingsAfter.race ?? null;
  const previous = usePreviousPositions('drivers', after);
  const entries = drivers.map((driver) => ({
    id: driver._id,
    position: driver.pozitie,
    name: `${driver.primulNume} ${driver.alDoileaNume}`,
    detail: driver.echipa,
    colour: driver.culoare,
    points: driver.puncte,
    to: paths.driver(driver.code),
    favourite: driver._id === favouriteDriverId,
  }));
  return <StandingsTable caption="Drivers’ standings" entries={entries} previous={previous} after={after} />;
}

/**
 * The closing invitation of docs/product.md (Standings): sign up to pick a favourite driver; signed in, pick one in the profile; with one
 * picked, where to change it.
 */
function FavouriteInvite({ hasFavourite }: { hasFavourite: boolean }) {
  const auth = useAuth();
  if (auth.status === 'signedIn' && hasFavourite) {
    return (
      <p className={styles.invite}>
        Your favourite driver is marked in the list. <Link to={paths.updateProfile}>Change your favourite driver in your profile</Link>.
      </p>
    );
  }
  return (
    <p className={styles.invite}>
      {auth.status === 'signedIn' ? (
        <>
          Cheering for someone? <Link to={paths.updateProfile}>Pick your favourite driver in your profile</Link>.
        </>
      ) : (
        <>
          Cheering for someone? <Link to={paths.signup}>Sign up to pick your favourite driver</Link> and follow them
          across the site.
        </>
      )}
    </p>
  );
}

export { DriversPage as Component };
