import { useQuery } from '@tanstack/react-query';
import type { Driver, ResultsKnown, Team } from '@slipstream/contract';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth, useFavourites } from '../../lib/auth';
import { cssColour } from '../../lib/colour';
import { paths } from '../../lib/paths';
import { standingsBehindNote } from '../../lib/resultsKnown';
import { initials } from '../../lib/text';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { ProvisionalBadge } from '../../lib/ui/Provisional';
import { QueryState, type QueryView } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { driversQuery, teamsQuery } from './queries';
import styles from './FavouriteCards.module.css';

/**
 * The home page's favourite cards for a signed-in user (docs/product.md, Home: "favourite team card and favourite
 * driver card"): the favourite's standing in the featured season. Both render nothing for a visitor who is
 * not signed in; a favourite not chosen yet invites the user to choose one.
 */
export function FavouriteCards() {
  const { status } = useAuth();
  if (status !== 'signedIn') return null;
  return (
    <div className={styles.cards}>
      <FavouriteTeamCard />
      <FavouriteDriverCard />
    </div>
  );
}

/** Position, full name, team and points (0 when null) of the favourite driver; links to /drivers. */
export function FavouriteDriverCard() {
  const { status } = useAuth();
  const { favDriver } = useFavourites();
  const drivers = useQuery({ ...driversQuery, enabled: status === 'signedIn' && favDriver !== undefined });
  return (
    <FavouriteCard what="driver" id={favDriver} entries={drivers}>
      {(driver) => <DriverCard driver={driver} />}
    </FavouriteCard>
  );
}

/** Position, name, points (0 when null) and drivers of the favourite team; links to /teams. */
export function FavouriteTeamCard() {
  const { status } = useAuth();
  const { favTeam } = useFavourites();
  const teams = useQuery({ ...teamsQuery, enabled: status === 'signedIn' && favTeam !== undefined });
  return (
    <FavouriteCard what="team" id={favTeam} entries={teams}>
      {(team) => <TeamCard team={team} />}
    </FavouriteCard>
  );
}

type FavouriteCardProps<Entry> = {
  what: 'driver' | 'team';
  /** The signed-in visitor's favourite (F1DB id). */
  id: string | undefined;
  /** The featured season's drivers or teams. */
  entries: QueryView<Entry[]>;
  children: (favourite: Entry) => ReactNode;
};

/** For a signed-in visitor: their favourite in the featured season, or the way to choose one. */
function FavouriteCard<Entry extends { _id: string }>({ what, id, entries, children }: FavouriteCardProps<Entry>) {
  const { status } = useAuth();
  if (status !== 'signedIn') return null;
  if (!id) return <ChooseCard what={what} />;
  return (
    <QueryState query={entries} pending={<LoadingCard />} error={null}>
      {(list) => {
        const favourite = list.find((entry) => entry._id === id);
        // Not in the featured season: nothing to show about them there.
        return favourite ? children(favourite) : null;
      }}
    </QueryState>
  );
}

function DriverCard({ driver }: { driver: Driver }) {
  const name = `${driver.primulNume} ${driver.alDoileaNume}`;
  return (
    <FrameLink to={paths.drivers} colour={driver.culoare} label="Your favourite driver" standing={driver} points={driver.puncte}>
      <PhotoBadge src={driver.poza} alt="" fallback={initials(name)} colour={driver.culoare} size={56} />
      <span className={styles.body}>
        <span className={styles.name}>{name}</span>
        <span className={styles.detail}>{driver.echipa ?? 'No team this season'}</span>
      </span>
    </FrameLink>
  );
}

function TeamCard({ team }: { team: Team }) {
  const drivers = [team.pilot_1, team.pilot_2].filter(Boolean).join(' · ');
  return (
    <FrameLink to={paths.teams} colour={team.culoareEchipa} label="Your favourite team" standing={team} points={team.nrpuncte}>
      <PhotoBadge src={team.logo} alt="" fallback={initials(team.name)} colour={team.culoareEchipa} size={56} shape="rounded" />
      <span className={styles.body}>
        <span className={styles.name}>{team.name}</span>
        {drivers && <span className={styles.detail}>{drivers}</span>}
      </span>
    </FrameLink>
  );
}

type FrameProps = {
  to: string;
  colour: string;
  label: string;
  /** The position, the race it is after (said when later races still miss their results), and whether it counts provisional results. */
  standing: { pozitie: number | null; standingsAfter: ResultsKnown; provisional: boolean };
  points: number | null;
  children: ReactNode;
};

function FrameLink({ to, colour, label, standing, points, children }: FrameProps) {
  const position = standing.pozitie;
  const note = standingsBehindNote(standing.standingsAfter);
  return (
    <Link to={to} className={styles.card} style={{ '--team': cssColour(colour) } as CSSProperties}>
      <span className={styles.label}>{label}</span>
      <span className={styles.row}>
        {children}
        <span className={styles.standing}>
          <span className={styles.position}>
            <span aria-hidden="true">{position ? `P${position}` : '–'}</span>
            <span className="visually-hidden">{position ? `, position ${position}` : ', no position yet'}</span>
          </span>
          <span className={styles.points}>
            {points ?? 0}
            <span className={styles.pts}> PTS</span>
          </span>
        </span>
      </span>
      {note && <span className={styles.note}>{note}</span>}
      {standing.provisional && (
        <span className={styles.note}>
          <ProvisionalBadge /> Counts results F1DB has not confirmed yet.
        </span>
      )}
    </Link>
  );
}

function ChooseCard({ what }: { what: 'driver' | 'team' }) {
  return (
    <Link to={paths.updateProfile} className={`${styles.card} ${styles.choose}`}>
      <span className={styles.label}>Favourite {what}</span>
      <span className={styles.name}>Choose your favourite {what}</span>
      <span className={styles.detail}>Pick one in your profile and follow them here all season.</span>
    </Link>
  );
}

function LoadingCard() {
  return (
    <div className={styles.card} aria-hidden="true">
      <Skeleton width="9rem" />
      <span className={styles.row}>
        <Skeleton shape="circle" width={56} height={56} />
        <span className={styles.body}>
          <Skeleton width="10rem" />
          <Skeleton width="7rem" />
        </span>
      </span>
    </div>
  );
}
