import type { ErgastResult, ErgastResultsResponse, ErgastSprintResponse } from '@slipstream/contract';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { PositionChange } from '../../lib/ui/PositionChange';
import { raceResultsQuery, roundHasSprint, sprintResultsQuery } from './queries';
import { ResultsScreen, type ResultsKind } from './ResultsScreen';
import { NO_VALUE, ResultsTable, WithSprintPart, type Column } from './ResultsTable';
import styles from './ResultsTable.module.css';

type RaceWithResults = ErgastResultsResponse['MRData']['RaceTable']['Races'][number];
type SprintWithResults = ErgastSprintResponse['MRData']['RaceTable']['Races'][number];
/** A round of the race screen: its race and, on a sprint weekend, its sprint (null when it has none yet). */
export type RaceRound = RaceWithResults & { sprint: SprintWithResults | null };

/** Ergast's letters for a driver without a place, as results sheets spell them. */
const UNPLACED: Record<string, string> = { R: 'DNF', D: 'DSQ', E: 'EX', W: 'DNS', F: 'DNQ', N: 'NC' };

/** The place, or why there is none ("DNF", "DSQ"...). */
export function placeText(row: ErgastResult): string {
  return UNPLACED[row.positionText] ?? row.positionText;
}

/** The winner's race time, the gap of the others ("+5.123", "+1 Lap"), or why a driver did not finish ("Engine"). */
export function timeOrStatus(row: ErgastResult): string {
  return row.Time?.time ?? row.status;
}

/** Grid "0" is a pit-lane start in Ergast's shapes. */
function gridText(grid: string): string {
  return grid === '0' ? 'Pit lane' : grid;
}

/** Places gained (positive) or lost from the grid; null for a driver without a place or a pit-lane start. */
export function placesGained(row: ErgastResult): number | null {
  const grid = Number(row.grid);
  const place = Number(row.positionText);
  if (!Number.isInteger(place) || !(grid > 0)) return null;
  return grid - place;
}

function Grid({ row }: { row: ErgastResult }) {
  const gained = placesGained(row);
  return (
    <>
      {gridText(row.grid)}
      {gained !== null && gained !== 0 && (
        <>
          {' '}
          <PositionChange change={gained} label={gained > 0 ? `, gained ${gained}` : `, lost ${-gained}`} />
        </>
      )}
    </>
  );
}

/** The driver's fastest lap time, "-" when none was set (docs/product.md, Results), marked when it was the race's fastest. */
export function fastestLap(row: ErgastResult): string {
  return row.FastestLap?.Time.time ?? NO_VALUE;
}

function FastestLap({ row }: { row: ErgastResult }) {
  if (row.FastestLap?.rank !== '1') return fastestLap(row);
  return (
    <span className={styles.fastest} title="Fastest lap of the race">
      {fastestLap(row)}
      <span className="visually-hidden"> (fastest)</span>
    </span>
  );
}

const fastestLapColumn: Column<ErgastResult> = {
  header: 'Fastest lap',
  cell: (row) => <FastestLap row={row} />,
  numeric: true,
  phone: { label: 'Fastest lap' },
};

const columns: Column<ErgastResult>[] = [
  { header: <abbr title="Position">Pos</abbr>, cell: placeText },
  { header: 'Driver', cell: (row) => `${row.Driver.givenName} ${row.Driver.familyName}`, rowHeader: true },
  { header: 'Constructor', cell: (row) => row.Constructor.name, phone: {} },
  { header: 'Time / status', cell: timeOrStatus, numeric: true, phone: 'lead' },
  { header: 'Grid', cell: (row) => <Grid row={row} />, numeric: true, phone: { label: 'Grid' } },
  { header: 'Laps', cell: (row) => row.laps, numeric: true, phone: { label: 'Laps' } },
  { header: 'Points', cell: (row) => row.points, numeric: true, phone: { label: 'Pts' } },
];

/** A race's columns; the fastest lap only when the classification has lap times (F1DB has none for sprints). */
function columnsFor(rows: ErgastResult[]): Column<ErgastResult>[] {
  return rows.some((row) => row.FastestLap) ? [...columns, fastestLapColumn] : columns;
}

function raceOf(answer: ErgastResultsResponse): RaceWithResults | null {
  const [race] = answer.MRData.RaceTable.Races;
  return race && race.Results.length > 0 ? race : null;
}

function sprintOf(answer: ErgastSprintResponse): SprintWithResults | null {
  const [sprint] = answer.MRData.RaceTable.Races;
  return sprint && sprint.SprintResults.length > 0 ? sprint : null;
}

async function loadRound(client: QueryClient, season: number, round: number): Promise<RaceRound | null> {
  const race = raceOf(await client.fetchQuery(raceResultsQuery(season, round)));
  if (!race) return null;
  const sprint = roundHasSprint(client, season, round) ? sprintOf(await client.fetchQuery(sprintResultsQuery(season, round))) : null;
  return { ...race, sprint };
}

function cachedRound(client: QueryClient, season: number, round: number): RaceRound | null | undefined {
  const answer = client.getQueryData<ErgastResultsResponse>(raceResultsQuery(season, round).queryKey);
  if (answer === undefined) return undefined;
  const race = raceOf(answer);
  if (!race) return null;
  if (!roundHasSprint(client, season, round)) return { ...race, sprint: null };
  const sprintAnswer = client.getQueryData<ErgastSprintResponse>(sprintResultsQuery(season, round).queryKey);
  return sprintAnswer === undefined ? undefined : { ...race, sprint: sprintOf(sprintAnswer) };
}

export const raceResults: ResultsKind<RaceRound> = {
  session: 'race',
  name: 'Race results',
  lead: 'The classification of every Grand Prix of the season, and of its sprint, with race time and gaps, grid, points and fastest laps, newest round first.',
  describe: (season) =>
    `Formula 1 race and sprint results of the ${season} season, newest round first: positions, race time and gaps, grid, points, retirements and fastest laps.`,
  scrollPrompt: 'Scroll for more races',
  seasonPath: paths.raceResults,
  loadRound,
  cachedRound,
  renderTable: (race) => (
    <WithSprintPart
      title="Race"
      table={<RaceTable race={race} />}
      sprint={
        race.sprint && {
          title: 'Sprint',
          provisional: race.sprint.provisional === true,
          table: (
            <ResultsTable
              caption={`Sprint results, ${race.raceName} ${race.season}`}
              columns={columnsFor(race.sprint.SprintResults)}
              rows={race.sprint.SprintResults}
              rowKey={(row) => row.Driver.driverId}
            />
          ),
        }
      }
    />
  ),
};

function RaceTable({ race }: { race: RaceRound }) {
  return (
    <ResultsTable
      caption={`Race results, ${race.raceName} ${race.season}`}
      columns={columnsFor(race.Results)}
      rows={race.Results}
      rowKey={(row) => row.Driver.driverId}
    />
  );
}

function RaceResultsPage() {
  return <ResultsScreen kind={raceResults} />;
}

export { RaceResultsPage as Component };
