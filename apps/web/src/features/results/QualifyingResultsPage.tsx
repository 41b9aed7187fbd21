import type { ErgastQualifyingResponse, ErgastQualifyingResult } from '@slipstream/contract';
import { paths } from '../../lib/paths';
import { qualifyingResultsQuery } from './queries';
import { ResultsScreen, roundReads, type ResultsKind } from './ResultsScreen';
import { NO_VALUE, ResultsTable, type Column } from './ResultsTable';

type RaceWithQualifying = ErgastQualifyingResponse['MRData']['RaceTable']['Races'][number];

const columns: Column<ErgastQualifyingResult>[] = [
  { header: <abbr title="Position">Pos</abbr>, cell: (row) => row.position },
  { header: 'Driver', cell: (row) => `${row.Driver.givenName} ${row.Driver.familyName}`, rowHeader: true },
  { header: 'Constructor', cell: (row) => row.Constructor.name, phone: 'lead' },
  // A driver knocked out in Q1 or Q2 has no later time.
  { header: 'Q1', cell: (row) => row.Q1 ?? NO_VALUE, numeric: true, phone: { label: 'Q1' } },
  { header: 'Q2', cell: (row) => row.Q2 ?? NO_VALUE, numeric: true, phone: { label: 'Q2' } },
  { header: 'Q3', cell: (row) => row.Q3 ?? NO_VALUE, numeric: true, phone: { label: 'Q3' } },
];

export const qualifyingResults: ResultsKind<RaceWithQualifying> = {
  session: 'qualifying',
  name: 'Qualifying results',
  lead: 'Q1, Q2 and Q3 times of every qualifying session of the season, newest round first.',
  describe: (season) => `Formula 1 qualifying results of the ${season} season, newest round first: Q1, Q2 and Q3 times.`,
  scrollPrompt: 'Scroll for more results',
  seasonPath: paths.qualifyingResults,
  ...roundReads(qualifyingResultsQuery, (answer: ErgastQualifyingResponse) => {
    const [race] = answer.MRData.RaceTable.Races;
    return race && race.QualifyingResults.length > 0 ? race : null;
  }),
  renderTable: (race) => (
    <ResultsTable
      caption={`Qualifying results, ${race.raceName} ${race.season}`}
      columns={columns}
      rows={race.QualifyingResults}
      rowKey={(row) => row.Driver.driverId}
    />
  ),
};

function QualifyingResultsPage() {
  return <ResultsScreen kind={qualifyingResults} />;
}

export { QualifyingResultsPage as Component };
