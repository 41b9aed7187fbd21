import { useQuery } from '@tanstack/react-query';
import type { Team } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { Page } from '../../lib/ui/Page';
import { useFavourites } from './favourites';
import { teamsQuery } from './queries';
import { teamPointsShown } from './rules';
import { useStandingsTitle } from './StandingsHeading';
import { StandingsNote } from './StandingsNote';
import { StandingsTable, usePreviousPositions } from './StandingsTable';
import { StandingsViewSwitch, useStandingsView } from './StandingsView';
import { TitleFightLink } from './TitleFightLink';
import { TeamCard, TeamCardSkeleton } from './TeamCard';
import styles from './Standings.module.css';
import { useResultsStream } from '../../lib/useResultsStream';
import { PROVISIONAL_STANDINGS, ProvisionalNote } from '../../lib/ui/Provisional';

/** A full grid of ten teams holds the page's height while the standings load. */
const SKELETON_TEAMS = 10;

function TeamsPage() {
  useResultsStream();
  const { title, heading } = useStandingsTitle('Team');
  const { teamId } = useFavourites();
  return (
    <Page
      title={title}
      heading={heading}
      description={PAGE_DESCRIPTIONS.teams}
      lead="Every team’s points, race wins and drivers after the latest race."
    >
      <Teams favouriteTeamId={teamId} />
      <TitleFightLink />
    </Page>
  );
}

function Teams({ favouriteTeamId }: { favouriteTeamId: string | undefined }) {
  const teams = useQuery(teamsQuery);
  const view = useStandingsView();
  if (teams.isPending) {
    return (
      <ol className={styles.teamGrid} aria-busy="true" aria-label="Loading the team standings">
        {Array.from({ length: SKELETON_TEAMS }, (_, index) => (
          <li key={index}>
            <TeamCardSkeleton />
          </li>
        ))}
      </ol>
    );
  }
  if (teams.isError) {
    return <ErrorNote message="The team standings could not be loaded." onRetry={() => void teams.refetch()} />;
  }
  if (teams.data.length === 0) {
    return <p className={styles.empty}>No teams have been entered for this season yet.</p>;
  }
  return (
    <>
      <StandingsNote known={teams.data[0]?.standingsAfter} />
      {teams.data.some((team) => team.provisional) && <ProvisionalNote text={PROVISIONAL_STANDINGS} />}
      <StandingsViewSwitch view={view} />
      {view === 'table' ? (
        <TeamTable teams={teams.data} favouriteTeamId={favouriteTeamId} />
      ) : (
        <TeamList teams={teams.data} favouriteTeamId={favouriteTeamId} />
      )}
    </>
  );
}

type TeamListProps = {
  teams: Team[];
  /** The signed-in visitor's favourite team (F1DB id), highlighted. */
  favouriteTeamId?: string | undefined;
};

export function TeamList({ teams, favouriteTeamId }: TeamListProps) {
  const showPoints = teamPointsShown(teams);
  return (
    <ol className={styles.teamGrid} aria-label="Teams">
      {teams.map((team) => (
        <li key={team._id}>
          <TeamCard team={team} showPoints={showPoints} favourite={team._id === favouriteTeamId} />
        </li>
      ))}
    </ol>
  );
}

function TeamTable({ teams, favouriteTeamId }: TeamListProps) {
  const after = teams[0]?.standingsAfter.race ?? null;
  const previous = usePreviousPositions('teams', after);
  const showPoints = teamPointsShown(teams);
  const entries = teams.map((team) => ({
    id: team._id,
    position: showPoints ? team.pozitie : null,
    name: team.name,
    detail: [team.pilot_1, team.pilot_2].filter(Boolean).join(' · ') || null,
    colour: team.culoareEchipa,
    points: showPoints ? team.nrpuncte : null,
    wins: team.curseCastigate,
    favourite: team._id === favouriteTeamId,
  }));
  return <StandingsTable caption="Constructors’ standings" entries={entries} previous={previous} after={after} showWins />;
}

export { TeamsPage as Component };
