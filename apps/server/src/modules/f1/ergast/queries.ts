import { sql, type SQL } from 'drizzle-orm';
import type { ErgastPage } from '@slipstream/contract';
import type { Db } from '../../../db/client';
import type { ResultSource } from '../../../db/schema';
import {
  all,
  ERGAST_STANDINGS,
  entryConditions,
  hasEntryFilters,
  participates,
  raceConditions,
  rowConditions,
  seen,
  standingsRaces,
  type ErgastQuery,
  type Visibility,
} from './conditions';

/**
 * The SQL of each Ergast resource: one statement counts the matching rows, one reads the asked page of them, both
 * answered from indexes (the filters' EXISTS probes go by race id, driver or constructor). Columns are named, never
 * `*`, so a column added to a table changes nothing here.
 */

export type Page<T> = { total: number; rows: T[] };

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The total, then the page's rows: a page that starts at or past the total (an `offset` beyond the rows, `limit` 0)
 * is not read, so no offset costs more than the first page of the same rows.
 */
async function countThenPage<T>(db: Db, page: ErgastPage, count: SQL, rows: SQL): Promise<Page<T>> {
  const total = (await rowsOf<{ total: number }>(db, count))[0]!.total;
  if (page.limit === 0 || page.offset >= total) return { total, rows: [] };
  return { total, rows: await rowsOf<T>(db, sql`${rows} limit ${page.limit} offset ${page.offset}`) };
}

function paged<T>(db: Db, page: ErgastPage, from: SQL, select: SQL, order: SQL): Promise<Page<T>> {
  return countThenPage(db, page, sql`select count(*)::int as total ${from}`, sql`select ${select} ${from} order by ${order}`);
}

type Scope = { db: Db; query: ErgastQuery; visibility: Visibility; page: ErgastPage };

/** Rows that are only there when some entry of a race meets the filters: `target` is the entry's `source`. */
function entryScope({ query, visibility }: Scope, target: SQL, source: SQL): SQL[] {
  return hasEntryFilters(query) ? [participates(query, visibility, target, source)] : [];
}

export function seasonsPage(scope: Scope): Promise<Page<{ year: number }>> {
  const { query } = scope;
  const conditions = query.season === undefined ? [] : [sql`s.year = ${query.season}`];
  if (hasEntryFilters(query)) conditions.push(...entryScope(scope, sql`s.year`, sql`pra.year`));
  else if (query.round !== undefined || query.circuitId !== undefined) {
    conditions.push(sql`exists (select 1 from races ra where ra.year = s.year and ${all(raceConditions(query, 'ra'))})`);
  }
  return paged(scope.db, scope.page, sql`from seasons s where ${all(conditions)}`, sql`s.year`, sql`s.year`);
}

export type CircuitRow = { id: string; fullName: string; placeName: string; countryName: string; latitude: number; longitude: number };

export function circuitsPage(scope: Scope): Promise<Page<CircuitRow>> {
  const { query } = scope;
  const conditions = query.circuitId === undefined ? [] : [sql`c.id = ${query.circuitId}`];
  if (hasEntryFilters(query)) conditions.push(...entryScope(scope, sql`c.id`, sql`pra.circuit_id`));
  else if (query.season !== undefined) {
    conditions.push(sql`exists (select 1 from races ra where ra.circuit_id = c.id and ${all(raceConditions(query, 'ra'))})`);
  }
  return paged(
    scope.db,
    scope.page,
    sql`from circuits c join countries co on co.id = c.country_id where ${all(conditions)}`,
    sql`c.id, c.full_name as "fullName", c.place_name as "placeName", co.name as "countryName", c.latitude, c.longitude`,
    sql`c.id collate "C"`,
  );
}

/** A row of a race: its id and season, so its meeting can be read from the season's cached ones. */
export type OfRace = { raceId: number; year: number };

export function racesPage(scope: Scope): Promise<Page<OfRace>> {
  const conditions = [...raceConditions(scope.query, 'ra'), ...entryScope(scope, sql`ra.id`, sql`pr.race_id`)];
  return paged(scope.db, scope.page, sql`from races ra where ${all(conditions)}`, sql`ra.id as "raceId", ra.year`, sql`ra.year, ra.round`);
}

/** Drivers or constructors: every one when nothing but its own id is asked, else those with a matching entry. */
function peoplePage(scope: Scope, table: 'drivers' | 'constructors', column: 'driver_id' | 'constructor_id', id: string | undefined) {
  const { query } = scope;
  const conditions = id === undefined ? [] : [sql`t.id = ${id}`];
  const others: ErgastQuery = { ...query, [table === 'drivers' ? 'driverId' : 'constructorId']: undefined };
  if (hasEntryFilters(others) || raceConditions(others, 'ra').length > 0) {
    conditions.push(participates(query, scope.visibility, sql`t.id`, sql`pr.${sql.raw(column)}`));
  }
  return paged<{ id: string }>(scope.db, scope.page, sql`from ${sql.raw(table)} t where ${all(conditions)}`, sql`t.id`, sql`t.id collate "C"`);
}

export const driversPage = (scope: Scope) => peoplePage(scope, 'drivers', 'driver_id', scope.query.driverId);
export const constructorsPage = (scope: Scope) => peoplePage(scope, 'constructors', 'constructor_id', scope.query.constructorId);

export type ResultRow = OfRace & {
  positionDisplayOrder: number;
  positionNumber: number | null;
  positionText: string;
  driverNumber: string;
  driverId: string;
  constructorId: string;
  laps: number | null;
  time: string | null;
  gap: string | null;
  points: number | null;
  gridPosition: string | null;
  status: string;
  source: ResultSource;
};

/** Race or sprint results, seen by the clock, in race order then classification order. */
export function resultsPage(scope: Scope, session: 'RACE' | 'SPRINT'): Promise<Page<ResultRow>> {
  const { query, visibility } = scope;
  const conditions = [
    sql`rr.session = ${session}`,
    seen(visibility, 'ra', session),
    ...raceConditions(query, 'ra'),
    ...entryConditions(query, 'rr', visibility),
    ...(query.sprintPosition === undefined ? [] : [sql`rr.position_number = ${query.sprintPosition}`]),
  ];
  return paged(
    scope.db,
    scope.page,
    sql`from race_results rr join races ra on ra.id = rr.race_id where ${all(conditions)}`,
    sql`rr.race_id as "raceId", ra.year, rr.position_display_order as "positionDisplayOrder", rr.position_number as "positionNumber",
      rr.position_text as "positionText", rr.driver_number as "driverNumber", rr.driver_id as "driverId", rr.constructor_id as "constructorId",
      rr.laps, rr.time, rr.gap, rr.points, rr.grid_position as "gridPosition", rr.status, rr.source`,
    sql`ra.year, ra.round, rr.position_display_order`,
  );
}

export type QualifyingRow = OfRace & {
  positionDisplayOrder: number;
  driverNumber: string;
  driverId: string;
  constructorId: string;
  q1: string | null;
  q2: string | null;
  q3: string | null;
  time: string | null;
  source: ResultSource;
};

export function qualifyingPage(scope: Scope): Promise<Page<QualifyingRow>> {
  const { query, visibility } = scope;
  const conditions = [
    sql`q.session = 'QUALIFYING'`,
    seen(visibility, 'ra', 'QUALIFYING'),
    ...raceConditions(query, 'ra'),
    ...rowConditions(query, 'q', visibility),
    ...(query.qualifyingPosition === undefined ? [] : [sql`q.position_number = ${query.qualifyingPosition}`]),
  ];
  return paged(
    scope.db,
    scope.page,
    sql`from qualifying_results q join races ra on ra.id = q.race_id where ${all(conditions)}`,
    sql`q.race_id as "raceId", ra.year, q.position_display_order as "positionDisplayOrder", q.driver_number as "driverNumber", q.driver_id as "driverId",
      q.constructor_id as "constructorId", q.q1, q.q2, q.q3, q.time, q.source`,
    sql`ra.year, ra.round, q.position_display_order`,
  );
}

export type PitStopRow = OfRace & { driverId: string; lap: number; stop: number; time: string | null; timeOfDay: string | null };

export function pitStopsPage(scope: Scope): Promise<Page<PitStopRow>> {
  const { query, visibility } = scope;
  const conditions = [
    seen(visibility, 'ra', 'RACE'),
    ...raceConditions(query, 'ra'),
    ...rowConditions(query, 'p', visibility),
    ...(query.lap === undefined ? [] : [sql`p.lap = ${query.lap}`]),
    ...(query.stop === undefined ? [] : [sql`p.stop = ${query.stop}`]),
  ];
  return paged(
    scope.db,
    scope.page,
    sql`from pit_stops p join races ra on ra.id = p.race_id where ${all(conditions)}`,
    sql`p.race_id as "raceId", ra.year, p.driver_id as "driverId", p.lap, p.stop, p.time, ${pitEntryTimeOfDay('p')} as "timeOfDay"`,
    sql`ra.year, ra.round, p.position_display_order`,
  );
}

/**
 * The local time of day ("HH:MM:SS") the car entered the pit lane on the stop's lap, where the live-timing archive
 * has it: the recording's UTC plus the visit's offset plus the circuit's offset from UTC.
 */
function pitEntryTimeOfDay(stop: string): SQL {
  const p = sql.raw(stop);
  return sql`(select to_char((ts.utc_at_zero + (v.in_at_ms + ts.gmt_offset_minutes * 60000) * interval '1 millisecond') at time zone 'UTC', 'HH24:MI:SS')
    from timing_pit_visits v join timing_sessions ts on ts.race_id = v.race_id and ts.session = v.session
    where v.race_id = ${p}.race_id and v.session = 'RACE' and v.driver_id = ${p}.driver_id and v.in_lap = ${p}.lap
      and ts.utc_at_zero is not null and ts.gmt_offset_minutes is not null
    order by v.visit limit 1)`;
}

export type LapTimingRow = OfRace & { lap: number; driverId: string; position: number; timeMs: number };

/** A race's lap-by-lap timings from the live-timing archive, by lap and then position (laps without a time are left out). */
export function lapsPage(scope: Scope): Promise<Page<LapTimingRow>> {
  const { query, visibility } = scope;
  const conditions = [
    sql`tl.session = 'RACE'`,
    sql`tl.position is not null`,
    sql`tl.time_ms is not null`,
    seen(visibility, 'ra', 'RACE'),
    ...raceConditions(query, 'ra'),
    ...rowConditions(query, 'tl', visibility),
    ...(query.lap === undefined ? [] : [sql`tl.lap = ${query.lap}`]),
  ];
  return paged(
    scope.db,
    scope.page,
    sql`from timing_laps tl join races ra on ra.id = tl.race_id where ${all(conditions)}`,
    sql`tl.race_id as "raceId", ra.year, tl.lap, tl.driver_id as "driverId", tl.position, tl.time_ms as "timeMs"`,
    sql`ra.year, ra.round, tl.lap, tl.position`,
  );
}

export type StatusRow = { statusId: number; status: string; count: number };

/** The statuses of the matching race results, most frequent first. */
export function statusPage(scope: Scope): Promise<Page<StatusRow>> {
  const { query, visibility } = scope;
  const grouped = sql`from race_results rr join races ra on ra.id = rr.race_id join ergast_statuses st on st.status = rr.status
    where ${all([sql`rr.session = 'RACE'`, seen(visibility, 'ra', 'RACE'), ...raceConditions(query, 'ra'), ...entryConditions(query, 'rr', visibility)])}
    group by st.id, st.ergast_status`;
  return countThenPage(
    scope.db,
    scope.page,
    sql`select count(*)::int as total from (select st.id ${grouped}) g`,
    sql`select st.id as "statusId", st.ergast_status as status, count(*)::int as count ${grouped} order by count(*) desc, st.id`,
  );
}

export type StandingRow = {
  year: number;
  round: number;
  positionNumber: number | null;
  positionText: string;
  points: number;
  id: string;
  wins: number;
  source: ResultSource;
};

/**
 * A championship table after the asked round, or after each matching season's last round seen by the clock, as Ergast
 * listed it (everyone who started a grand prix of the season by then: ingest/f1db/ergast-standings.ts); wins count
 * the grands prix won up to that round.
 */
export function standingsPage(scope: Scope, of: keyof typeof ERGAST_STANDINGS): Promise<Page<StandingRow>> {
  const { query, visibility } = scope;
  const { table, column } = ERGAST_STANDINGS[of];
  const id = of === 'driver' ? query.driverId : query.constructorId;
  const position = of === 'driver' ? query.driverStandings : query.constructorStandings;
  const conditions = [
    sql`s.race_id in (select id from (${standingsRaces(table, query, visibility)}) after_races)`,
    ...(id === undefined ? [] : [sql`s.${sql.raw(column)} = ${id}`]),
    ...(position === undefined ? [] : [sql`s.position_number = ${position}`]),
  ];
  return paged(
    scope.db,
    scope.page,
    sql`from ${sql.raw(table)} s join races ra on ra.id = s.race_id where ${all(conditions)}`,
    sql`ra.year, ra.round, s.position_number as "positionNumber", s.position_text as "positionText", s.points, s.${sql.raw(column)} as id, s.source,
      (select count(*)::int from race_results w join races wr on wr.id = w.race_id
        where w.session = 'RACE' and w.position_number = 1 and w.${sql.raw(column)} = s.${sql.raw(column)} and wr.year = ra.year and wr.round <= ra.round) as wins`,
    sql`ra.year, s.position_display_order`,
  );
}

/** The constructors each driver drove for in a season up to a round, in the order they first did. */
export async function constructorsDriven(db: Db, entries: { driverId: string; year: number; round: number }[]) {
  if (entries.length === 0) return [];
  const which = sql.join(
    entries.map((e) => sql`(rr.driver_id = ${e.driverId} and ra.year = ${e.year} and ra.round <= ${e.round})`),
    sql` or `,
  );
  return rowsOf<{ driverId: string; year: number; constructorId: string }>(
    db,
    sql`select rr.driver_id as "driverId", ra.year, rr.constructor_id as "constructorId", min(ra.round) as first
      from race_results rr join races ra on ra.id = rr.race_id where ${which}
      group by rr.driver_id, ra.year, rr.constructor_id order by first, rr.constructor_id collate "C"`,
  );
}

/** Ergast's text of each of these statuses as our results read them. */
export async function ergastStatusTexts(db: Db, statuses: string[]): Promise<Map<string, string>> {
  if (statuses.length === 0) return new Map();
  const rows = await rowsOf<{ status: string; ergastStatus: string }>(
    db,
    sql`select status, ergast_status as "ergastStatus" from ergast_statuses where status in (${sql.join([...new Set(statuses)].map((s) => sql`${s}`), sql`, `)})`,
  );
  return new Map(rows.map((row) => [row.status, row.ergastStatus]));
}

/** The words of the results that read as Ergast's status `id`. */
export async function statusesWithId(db: Db, id: number): Promise<string[]> {
  return (await rowsOf<{ status: string }>(db, sql`select status from ergast_statuses where id = ${id} order by status`)).map((row) => row.status);
}

/** The F1DB ids an id or alias names: itself when it is an F1DB id, else the alias table's targets. */
export function idTargets(db: Db, kind: 'driver' | 'constructor' | 'circuit', id: string): Promise<{ target: string }[]> {
  const table = { driver: 'drivers', constructor: 'constructors', circuit: 'circuits' }[kind];
  return rowsOf(
    db,
    sql`select id as target from ${sql.raw(table)} where id = ${id}
      union all select target_id from ergast_aliases where kind = ${kind} and alias = ${id}
      order by 1`,
  );
}
