import { sql, type SQL } from 'drizzle-orm';
import type { ErgastResource } from './paths';

/** An Ergast request with its aliases resolved: every value is what the SQL compares. */
export type ErgastQuery = {
  resource: ErgastResource;
  season?: number;
  round?: number;
  circuitId?: string;
  constructorId?: string;
  driverId?: string;
  grid?: number;
  /** The finishing position of the race result (of the sprint, for sprint results). */
  position?: number;
  fastest?: number;
  statusId?: number;
  /** The words of the results that read as `statusId` (ergast_statuses), resolved with it. */
  statuses?: string[];
  driverStandings?: number;
  constructorStandings?: number;
  lap?: number;
  stop?: number;
  qualifyingPosition?: number;
  sprintPosition?: number;
  /** The filters as the answer's table echoes them, in the order they were asked. */
  criteria: [string, string][];
};

export type SessionSeen = 'RACE' | 'SPRINT' | 'QUALIFYING';

/**
 * Which classifications the racing clock lets through: every season before `openSeason` is over; of the seasons from
 * it on, only the listed races' sessions have finished.
 */
export type Visibility = { openSeason: number; finished: Record<SessionSeen, number[]> };

const alias = (name: string) => sql.raw(name);

export function all(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** The race (alias `race`) has had its session of this kind, by the clock. */
export function seen(visibility: Visibility, race: string, kind: SessionSeen): SQL {
  const ids = visibility.finished[kind];
  const listed = ids.length > 0 ? sql` or ${alias(race)}.id in (${sql.raw(ids.map((id) => Math.trunc(id)).join(','))})` : sql``;
  return sql`(${alias(race)}.year < ${visibility.openSeason}${listed})`;
}

/** Season, round and circuit: facts of the race (alias `race`). */
export function raceConditions(query: ErgastQuery, race: string): SQL[] {
  const conditions: SQL[] = [];
  if (query.season !== undefined) conditions.push(sql`${alias(race)}.year = ${query.season}`);
  if (query.round !== undefined) conditions.push(sql`${alias(race)}.round = ${query.round}`);
  if (query.circuitId !== undefined) conditions.push(sql`${alias(race)}.circuit_id = ${query.circuitId}`);
  return conditions;
}

/** Filters that need a driver's entry in a race, not only the race. */
export function hasEntryFilters(query: ErgastQuery): boolean {
  return [query.driverId, query.constructorId, query.grid, query.position, query.fastest, query.statusId, query.driverStandings, query.constructorStandings].some(
    (value) => value !== undefined,
  );
}

/**
 * The entry filters on a race_results row (alias `entry`): driver, constructor, grid (0 for a
 * pit-lane start or none), finishing position, the rank of the driver's fastest lap in the grand prix, the status,
 * and the championship position after the season's last round (or the asked round).
 */
export function entryConditions(query: ErgastQuery, entry: string, visibility: Visibility): SQL[] {
  const e = alias(entry);
  const conditions: SQL[] = [];
  if (query.driverId !== undefined) conditions.push(sql`${e}.driver_id = ${query.driverId}`);
  if (query.constructorId !== undefined) conditions.push(sql`${e}.constructor_id = ${query.constructorId}`);
  if (query.grid !== undefined) {
    conditions.push(query.grid === 0 ? sql`(${e}.grid_position is null or ${e}.grid_position = 'PL')` : sql`${e}.grid_position = ${String(query.grid)}`);
  }
  if (query.position !== undefined) conditions.push(sql`${e}.position_number = ${query.position}`);
  if (query.fastest !== undefined) {
    conditions.push(
      sql`exists (select 1 from fastest_laps fl where fl.race_id = ${e}.race_id and fl.driver_id = ${e}.driver_id and fl.position_number = ${query.fastest})`,
    );
  }
  if (query.statusId !== undefined) conditions.push(hasStatus(e, query.statuses ?? []));
  if (query.driverStandings !== undefined) {
    conditions.push(rankedIn(e, ERGAST_STANDINGS.driver, query, query.driverStandings, visibility));
  }
  if (query.constructorStandings !== undefined) {
    conditions.push(rankedIn(e, ERGAST_STANDINGS.constructor, query, query.constructorStandings, visibility));
  }
  return conditions;
}

/**
 * Filters on a driver's row of a race other than the result (a qualifying lap, a pit stop, alias `row`): driver and
 * constructor on the row itself, the others through the same driver's race result.
 */
export function rowConditions(query: ErgastQuery, row: string, visibility: Visibility): SQL[] {
  const { driverId, constructorId, ...rest } = query;
  const own = entryConditions({ criteria: [], resource: query.resource, driverId, constructorId }, row, visibility);
  if (!hasEntryFilters(rest)) return own;
  return [...own, participates(rest, visibility, sql`(${alias(row)}.race_id, ${alias(row)}.driver_id)`, sql`pr.race_id, pr.driver_id`)];
}

/**
 * `target` is among the `source` values (columns of `pr`, the race result, and `pra`, its race) of the race results
 * seen by the clock that meet every filter. The matching results are found first and reduced to their distinct
 * values, so the rows being listed are matched against a set no larger than themselves: the planner cannot estimate
 * how many results a status or standings filter keeps, and a nested probe per listed row costs seconds.
 */
export function participates(query: ErgastQuery, visibility: Visibility, target: SQL, source: SQL): SQL {
  return sql`${target} in (select distinct ${source} from race_results pr join races pra on pra.id = pr.race_id
    where pr.session = 'RACE' and ${seen(visibility, 'pra', 'RACE')}
    and ${all([...raceConditions(query, 'pra'), ...entryConditions(query, 'pr', visibility)])})`;
}

/**
 * The races each season's standings are read after (columns `id`, `year`): the asked round, or each season's last
 * round with standings that the clock has seen. One statement for every season, so a filter reads it once rather than
 * once per row it tests.
 */
export function standingsRaces(table: string, query: Pick<ErgastQuery, 'season' | 'round'>, visibility: Visibility): SQL {
  const conditions = [
    ...(query.season === undefined ? [] : [sql`sr.year = ${query.season}`]),
    ...(query.round === undefined ? [] : [sql`sr.round = ${query.round}`]),
    sql`exists (select 1 from ${alias(table)} srs where srs.race_id = sr.id)`,
    seen(visibility, 'sr', 'RACE'),
  ];
  return sql`select distinct on (sr.year) sr.id, sr.year from races sr where ${all(conditions)} order by sr.year, sr.round desc`;
}

/** The championship tables as Ergast listed them (ingest/f1db/ergast-standings.ts): every starter has a place. */
export const ERGAST_STANDINGS = {
  driver: { table: 'ergast_driver_standings', column: 'driver_id' },
  constructor: { table: 'ergast_constructor_standings', column: 'constructor_id' },
} as const;

type StandingsList = (typeof ERGAST_STANDINGS)[keyof typeof ERGAST_STANDINGS];

/**
 * The row `entry` (with race_id and the column of the list) is of a driver or constructor placed `position` after
 * its season's standings race: (race, id) pairs of every race of those seasons, which the row's own race and id are
 * looked up in (by the primary key's race), rather than (season, id) pairs that reach the row only through its race.
 * The standings races are read once for the whole statement (an array).
 */
function rankedIn(entry: SQL, { table, column }: StandingsList, query: ErgastQuery, position: number, visibility: Visibility): SQL {
  const id = alias(column);
  return sql`(${entry}.race_id, ${entry}.${id}) in (select season_race.id, st.${id} from races sr join ${alias(table)} st on st.race_id = sr.id
    join races season_race on season_race.year = sr.year
    where sr.id = any(array(select after.id from (${standingsRaces(table, query, visibility)}) after)) and st.position_number = ${position})`;
}

/**
 * The race_results row (alias `entry`) reads as one of `statuses`: the stored words, indexed, so the planner knows
 * how many results a status keeps.
 */
function hasStatus(entry: SQL, statuses: string[]): SQL {
  return statuses.length === 0 ? sql`false` : sql`${entry}.status in (${sql.join(statuses.map((status) => sql`${status}`), sql`, `)})`;
}
