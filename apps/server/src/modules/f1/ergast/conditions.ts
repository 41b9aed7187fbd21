import { sql, type SQL } from 'drizzle-orm';
import { RETIRED, UNCLASSIFIED_STATUS } from '../results/status';
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
 * The entry filters on a race_results row (alias `entry`) of the race `race`: driver, constructor, grid (0 for a
 * pit-lane start or none), finishing position, the rank of the driver's fastest lap in the grand prix, the status,
 * and the championship position after the season's last round (or the asked round).
 */
export function entryConditions(query: ErgastQuery, entry: string, race: string, visibility: Visibility): SQL[] {
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
  if (query.statusId !== undefined) conditions.push(sql`${statusOf(entry)} in (select es.status from ergast_statuses es where es.id = ${query.statusId})`);
  if (query.driverStandings !== undefined) {
    conditions.push(
      sql`exists (select 1 from race_driver_standings ds where ds.race_id = ${standingsRaceOf(race, 'race_driver_standings', query.round, visibility)}
        and ds.driver_id = ${e}.driver_id and ds.position_number = ${query.driverStandings})`,
    );
  }
  if (query.constructorStandings !== undefined) {
    conditions.push(
      sql`exists (select 1 from race_constructor_standings cs where cs.race_id = ${standingsRaceOf(race, 'race_constructor_standings', query.round, visibility)}
        and cs.constructor_id = ${e}.constructor_id and cs.position_number = ${query.constructorStandings})`,
    );
  }
  return conditions;
}

/**
 * Filters on a driver's row of a race other than the result (a qualifying lap, a pit stop, alias `row`): driver and
 * constructor on the row itself, the others through the same driver's race result.
 */
export function rowConditions(query: ErgastQuery, row: string, race: string, visibility: Visibility): SQL[] {
  const { driverId, constructorId, ...rest } = query;
  const own = entryConditions({ criteria: [], resource: query.resource, driverId, constructorId }, row, race, visibility);
  const throughResult = entryConditions(rest, 'pr', race, visibility);
  if (throughResult.length === 0) return own;
  return [
    ...own,
    sql`exists (select 1 from race_results pr where pr.race_id = ${alias(row)}.race_id and pr.driver_id = ${alias(row)}.driver_id
      and pr.session = 'RACE' and ${seen(visibility, race, 'RACE')} and ${all(throughResult)})`,
  ];
}

/** Someone's race result, seen by the clock, meets every filter; `link` ties it to the row being listed. */
export function participates(query: ErgastQuery, visibility: Visibility, link: SQL): SQL {
  return sql`exists (select 1 from race_results pr join races pra on pra.id = pr.race_id
    where pr.session = 'RACE' and ${seen(visibility, 'pra', 'RACE')} and ${link}
    and ${all([...raceConditions(query, 'pra'), ...entryConditions(query, 'pr', 'pra', visibility)])})`;
}

/**
 * The race a season's standings are read after: the asked round, or the season's last round with standings that the
 * clock has seen. `race` is any race of the season.
 */
export function standingsRaceOf(race: string, table: string, round: number | undefined, visibility: Visibility): SQL {
  return sql`(select sr.id from races sr where sr.year = ${alias(race)}.year ${round === undefined ? sql`` : sql`and sr.round = ${round}`}
    and exists (select 1 from ${alias(table)} srs where srs.race_id = sr.id) and ${seen(visibility, 'sr', 'RACE')}
    order by sr.round desc limit 1)`;
}

/**
 * How a race_results row (alias `entry`) reads, in SQL: the words finishStatus gives (results/status.ts), which a
 * test checks row by row over the whole F1DB. The laps behind come from the winner of the same session.
 */
export function statusOf(entry: string): SQL {
  const e = alias(entry);
  const codes = Object.entries(UNCLASSIFIED_STATUS)
    .filter(([code]) => code !== RETIRED)
    .map(([code, label]) => sql`when ${e}.position_text = ${code} then ${label}::text`);
  return sql`(case
    when ${e}.position_number is not null then coalesce((
      select case when w.laps - ${e}.laps = 1 then '+1 Lap' when w.laps > ${e}.laps then '+' || (w.laps - ${e}.laps) || ' Laps' end
      from race_results w where w.race_id = ${e}.race_id and w.session = ${e}.session and w.position_number = 1
      order by w.position_display_order desc limit 1), 'Finished')
    when ${e}.position_text = ${RETIRED} then coalesce(${e}.reason_retired, ${UNCLASSIFIED_STATUS[RETIRED]!}::text)
    ${sql.join(codes, sql` `)}
    else coalesce(${e}.reason_retired, ${e}.position_text) end)`;
}
