import { useQuery } from '@tanstack/react-query';
import type { Team } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { useFavourites } from './favourites';
import { teamsQuery } from './queries';
import { teamPointsShown } from './rules';
import { StandingsFrame } from './StandingsFrame';
import { StandingsTable, usePreviousPositions } from './StandingsTable';
import { TeamCard, TeamCardSkeleton } from './TeamCard';
import styles from './Standings.module.css';

/** A full grid of ten teams holds the page's height while the standings load. */
const SKELETON_TEAMS = 10;

function TeamsPage() {
  const teams = useQuery(teamsQuery);
  const { teamId } = useFavourites();
  return (
    <StandingsFrame
      kind="Team"
      description={PAGE_DESCRIPTIONS.teams}
      lead="Every team’s points, race wins and drivers after the latest race."
      standings={teams}
      grid={styles.teamGrid}
      placeholder={{ count: SKELETON_TEAMS, card: <TeamCardSkeleton /> }}
    >
      {(entries, view) =>
        view === 'table' ? <TeamTable teams={entries} favouriteTeamId={teamId} /> : <TeamList teams={entries} favouriteTeamId={teamId} />
      }
    </StandingsFrame>
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
