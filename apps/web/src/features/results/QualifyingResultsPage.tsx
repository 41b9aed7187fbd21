import { meetingSlug, type ClassificationRow, type ErgastQualifyingResponse, type ErgastQualifyingResult } from '@slipstream/contract';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { qualifyingResultsQuery, roundHasSprint, sprintQualifyingQuery } from './queries';
import { ResultsScreen, type ResultsKind } from './ResultsScreen';
import { NO_VALUE, ResultsTable, WithSprintPart, type Column } from './ResultsTable';

type RaceWithQualifying = ErgastQualifyingResponse['MRData']['RaceTable']['Races'][number];
type SprintQualifying = { rows: ClassificationRow[]; provisional: boolean };
/** A round of the qualifying screen: its qualifying and, on a sprint weekend, its sprint qualifying (null without one). */
export type QualifyingRound = RaceWithQualifying & { sprintQualifying: SprintQualifying | null };

const positionHeader = <abbr title="Position">Pos</abbr>;

const columns: Column<ErgastQualifyingResult>[] = [
  { header: positionHeader, cell: (row) => row.position },
  { header: 'Driver', cell: (row) => `${row.Driver.givenName} ${row.Driver.familyName}`, rowHeader: true },
  { header: 'Constructor', cell: (row) => row.Constructor.name, phone: 'lead' },
  // A driver knocked out in Q1 or Q2 has no later time.
  { header: 'Q1', cell: (row) => row.Q1 ?? NO_VALUE, numeric: true, phone: { label: 'Q1' } },
  { header: 'Q2', cell: (row) => row.Q2 ?? NO_VALUE, numeric: true, phone: { label: 'Q2' } },
  { header: 'Q3', cell: (row) => row.Q3 ?? NO_VALUE, numeric: true, phone: { label: 'Q3' } },
];

const sprintQualifyingColumns: Column<ClassificationRow>[] = [
  { header: positionHeader, cell: (row) => row.positionText },
  { header: 'Driver', cell: (row) => row.driverName, rowHeader: true },
  { header: 'Constructor', cell: (row) => row.teamName, phone: 'lead' },
  { header: 'SQ1', cell: (row) => row.q1 ?? NO_VALUE, numeric: true, phone: { label: 'SQ1' } },
  { header: 'SQ2', cell: (row) => row.q2 ?? NO_VALUE, numeric: true, phone: { label: 'SQ2' } },
  { header: 'SQ3', cell: (row) => row.q3 ?? NO_VALUE, numeric: true, phone: { label: 'SQ3' } },
];

function qualifyingOf(answer: ErgastQualifyingResponse): RaceWithQualifying | null {
  const [race] = answer.MRData.RaceTable.Races;
  return race && race.QualifyingResults.length > 0 ? race : null;
}

const sprintQualifyingOf = (race: RaceWithQualifying, season: number, round: number) =>
  sprintQualifyingQuery(season, round, meetingSlug(race.raceName));

const shown = (sprintQualifying: SprintQualifying) => (sprintQualifying.rows.length > 0 ? sprintQualifying : null);

async function loadRound(client: QueryClient, season: number, round: number): Promise<QualifyingRound | null> {
  const race = qualifyingOf(await client.fetchQuery(qualifyingResultsQuery(season, round)));
  if (!race) return null;
  if (!roundHasSprint(client, season, round)) return { ...race, sprintQualifying: null };
  return { ...race, sprintQualifying: shown(await client.fetchQuery(sprintQualifyingOf(race, season, round))) };
}

function cachedRound(client: QueryClient, season: number, round: number): QualifyingRound | null | undefined {
  const answer = client.getQueryData<ErgastQualifyingResponse>(qualifyingResultsQuery(season, round).queryKey);
  if (answer === undefined) return undefined;
  const race = qualifyingOf(answer);
  if (!race) return null;
  if (!roundHasSprint(client, season, round)) return { ...race, sprintQualifying: null };
  const sprintQualifying = client.getQueryData(sprintQualifyingOf(race, season, round).queryKey);
  return sprintQualifying === undefined ? undefined : { ...race, sprintQualifying: shown(sprintQualifying) };
}

export const qualifyingResults: ResultsKind<QualifyingRound> = {
  session: 'qualifying',
  name: 'Qualifying results',
  lead: 'Q1, Q2 and Q3 times of every qualifying session of the season, and of every sprint qualifying, newest round first.',
  describe: (season) => `Formula 1 qualifying results of the ${season} season, newest round first: Q1, Q2 and Q3 times.`,
  scrollPrompt: 'Scroll for more results',
  seasonPath: paths.qualifyingResults,
  loadRound,
  cachedRound,
  renderTable: (race) => (
    <WithSprintPart
      title="Qualifying"
      table={<QualifyingTable race={race} />}
      sprint={
        race.sprintQualifying && {
          title: 'Sprint qualifying',
          provisional: race.sprintQualifying.provisional,
          table: (
            <ResultsTable
              caption={`Sprint qualifying results, ${race.raceName} ${race.season}`}
              columns={sprintQualifyingColumns}
              rows={race.sprintQualifying.rows}
              rowKey={(row) => row.driverId}
            />
          ),
        }
      }
    />
  ),
};

function QualifyingTable({ race }: { race: QualifyingRound }) {
  return (
    <ResultsTable
      caption={`Qualifying results, ${race.raceName} ${race.season}`}
      columns={columns}
      rows={race.QualifyingResults}
      rowKey={(row) => row.Driver.driverId}
    />
  );
}

function QualifyingResultsPage() {
  return <ResultsScreen kind={qualifyingResults} />;
}

export { QualifyingResultsPage as Component };
