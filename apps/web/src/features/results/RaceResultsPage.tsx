import type { ErgastResult, ErgastResultsResponse } from '@slipstream/contract';
import { paths } from '../../lib/paths';
import { raceResultsQuery } from './queries';
import { ResultsScreen, roundReads, type ResultsKind } from './ResultsScreen';
import { NO_VALUE, ResultsTable, type Column } from './ResultsTable';

type RaceWithResults = ErgastResultsResponse['MRData']['RaceTable']['Races'][number];

const columns: Column<ErgastResult>[] = [
  { header: <abbr title="Position">Pos</abbr>, cell: (row) => row.position },
  { header: 'Driver', cell: (row) => `${row.Driver.givenName} ${row.Driver.familyName}`, rowHeader: true },
  { header: 'Constructor', cell: (row) => row.Constructor.name },
  { header: 'Points', cell: (row) => row.points, numeric: true },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Fastest lap', cell: fastestLap, numeric: true },
];

/** The driver's fastest lap time, "-" when none was set (spec). */
export function fastestLap(row: ErgastResult): string {
  return row.FastestLap?.Time.time ?? NO_VALUE;
}

export const raceResults: ResultsKind<RaceWithResults> = {
  session: 'race',
  name: 'Race results',
  lead: 'The classification of every Grand Prix of the season with points, status and fastest laps, newest round first.',
  describe: (season) =>
    `Formula 1 race results of the ${season} season, newest round first: positions, constructors, points, status and fastest laps.`,
  scrollPrompt: 'Scroll for more races',
  seasonPath: paths.raceResults,
  ...roundReads(raceResultsQuery, (answer: ErgastResultsResponse) => {
    const [race] = answer.MRData.RaceTable.Races;
    return race && race.Results.length > 0 ? race : null;
  }),
  renderTable: (race) => (
    <ResultsTable
      caption={`Race results, ${race.raceName} ${race.season}`}
      columns={columns}
      rows={race.Results}
      rowKey={(row) => row.Driver.driverId}
    />
  ),
};

function RaceResultsPage() {
  return <ResultsScreen kind={raceResults} />;
}

export { RaceResultsPage as Component };
