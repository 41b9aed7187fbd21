import { sql } from 'drizzle-orm';
import { sessionKind, type SessionKind } from '@slipstream/contract';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Facts imported from F1DB. Every table is rewritten by the importer; admin overrides live elsewhere. */

export const countries = pgTable('countries', {
  id: text('id').primaryKey(),
  alpha2Code: text('alpha2_code'),
  alpha3Code: text('alpha3_code'),
  name: text('name').notNull(),
  demonym: text('demonym'),
  continentId: text('continent_id').notNull(),
});

export const circuits = pgTable('circuits', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  type: text('type').notNull(),
  direction: text('direction').notNull(),
  placeName: text('place_name').notNull(),
  countryId: text('country_id').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  length: doublePrecision('length'),
  turns: integer('turns'),
  timeZone: text('time_zone').notNull(),
});

export const circuitLayouts = pgTable('circuit_layouts', {
  id: text('id').primaryKey(),
  circuitId: text('circuit_id').notNull(),
  length: doublePrecision('length'),
  turns: integer('turns'),
  /** The F1DB drawings, keyed by variant: black, black-outline, white, white-outline. */
  svgs: jsonb('svgs').$type<Record<string, string>>().notNull(),
});

export const grandsPrix = pgTable('grands_prix', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  shortName: text('short_name').notNull(),
  abbreviation: text('abbreviation').notNull(),
  countryId: text('country_id'),
});

export const drivers = pgTable('drivers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  fullName: text('full_name').notNull(),
  abbreviation: text('abbreviation').notNull(),
  permanentNumber: text('permanent_number'),
  gender: text('gender').notNull(),
  dateOfBirth: text('date_of_birth'),
  dateOfDeath: text('date_of_death'),
  placeOfBirth: text('place_of_birth'),
  countryOfBirthId: text('country_of_birth_id'),
  nationalityId: text('nationality_id').notNull(),
  secondNationalityId: text('second_nationality_id'),
});

export const constructors = pgTable('constructors', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  countryId: text('country_id').notNull(),
});

export const engineManufacturers = pgTable('engine_manufacturers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  countryId: text('country_id'),
});

export const seasons = pgTable('seasons', {
  year: integer('year').primaryKey(),
});

/** Who drove for which team in which rounds of a season (F1DB season entrants). */
export const seasonEntrantDrivers = pgTable(
  'season_entrant_drivers',
  {
    year: integer('year').notNull(),
    entrantId: text('entrant_id').notNull(),
    constructorId: text('constructor_id').notNull(),
    engineManufacturerId: text('engine_manufacturer_id').notNull(),
    driverId: text('driver_id').notNull(),
    rounds: integer('rounds').array().notNull(),
    testDriver: boolean('test_driver').notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.entrantId, t.constructorId, t.engineManufacturerId, t.driverId] })],
);

export const races = pgTable(
  'races',
  {
    id: integer('id').primaryKey(),
    year: integer('year').notNull(),
    round: integer('round').notNull(),
    /** Race day and start in UTC; time is null for old races whose start is unknown. */
    date: text('date').notNull(),
    time: text('time'),
    grandPrixId: text('grand_prix_id').notNull(),
    officialName: text('official_name').notNull(),
    qualifyingFormat: text('qualifying_format').notNull(),
    sprintQualifyingFormat: text('sprint_qualifying_format'),
    circuitId: text('circuit_id').notNull(),
    circuitLayoutId: text('circuit_layout_id').notNull(),
    circuitType: text('circuit_type').notNull(),
    direction: text('direction').notNull(),
    courseLength: doublePrecision('course_length').notNull(),
    turns: integer('turns').notNull(),
    laps: integer('laps').notNull(),
    distance: doublePrecision('distance').notNull(),
    scheduledLaps: integer('scheduled_laps'),
    scheduledDistance: doublePrecision('scheduled_distance'),
    sprintRaceLaps: integer('sprint_race_laps'),
    driversChampionshipDecider: boolean('drivers_championship_decider').notNull().default(false),
    constructorsChampionshipDecider: boolean('constructors_championship_decider').notNull().default(false),
  },
  (t) => [unique('races_year_round').on(t.year, t.round), index('races_circuit').on(t.circuitId)],
);

/** The contract's session kinds: one list for the API and the database check. */
export const sessionKinds = sessionKind.options;
export type { SessionKind };

/** A race weekend's timetable. startsAt is UTC; null when F1DB knows the day but not the time. */
export const raceSessions = pgTable(
  'race_sessions',
  {
    raceId: integer('race_id').notNull(),
    kind: text('kind').$type<SessionKind>().notNull(),
    date: text('date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.kind] })],
);

/**
 * Where a result or standings row comes from: F1DB (official), or F1's live-timing archive (provisional, until an
 * F1DB import holds the same session and replaces it).
 */
export const resultSources = ['F1DB', 'LIVE_TIMING'] as const;
export type ResultSource = (typeof resultSources)[number];

const sourceColumn = () => text('source').$type<ResultSource>().notNull().default('F1DB');

/**
 * The constraint and index every table that can hold provisional rows has: only the known sources, and the
 * provisional rows found by race without reading the official ones.
 */
function sourceConstraints(name: string, t: { source: AnyPgColumn; raceId: AnyPgColumn }) {
  return [
    check(`${name}_source`, sql`${t.source} in (${sqlList(resultSources)})`),
    index(`${name}_provisional`).on(t.raceId).where(sql`${t.source} <> 'F1DB'`),
  ];
}

const raceIdColumn = () => integer('race_id').notNull();

/** A constant list for a check constraint: 'A', 'B'. */
function sqlList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

const classificationColumns = {
  raceId: raceIdColumn(),
  positionDisplayOrder: integer('position_display_order').notNull(),
  positionNumber: integer('position_number'),
  positionText: text('position_text').notNull(),
  driverNumber: text('driver_number').notNull(),
  driverId: text('driver_id').notNull(),
  constructorId: text('constructor_id').notNull(),
  engineManufacturerId: text('engine_manufacturer_id').notNull(),
};

/** Race and sprint classifications; session is RACE or SPRINT. */
export const raceResults = pgTable(
  'race_results',
  {
    ...classificationColumns,
    session: text('session').$type<'RACE' | 'SPRINT'>().notNull(),
    sharedCar: boolean('shared_car').notNull().default(false),
    laps: integer('laps'),
    time: text('time'),
    timePenalty: text('time_penalty'),
    gap: text('gap'),
    interval: text('interval'),
    reasonRetired: text('reason_retired'),
    points: doublePrecision('points'),
    gridPosition: text('grid_position'),
    source: sourceColumn(),
    /**
     * The words the row reads as ("Finished", "+2 Laps", a retirement's reason: results/status.ts withSessionStatus),
     * stored with the row by whatever writes it (migration 0013 filled the rows before it); the Ergast API's status
     * filter finds a status's rows by it.
     */
    status: text('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.session, t.positionDisplayOrder] }),
    // By driver or constructor, then race: a standings filter of the Ergast API finds each (race, driver) pair it
    // keeps by one probe instead of reading all of that driver's results.
    index('race_results_driver_race').on(t.driverId, t.raceId),
    index('race_results_status').on(t.status),
    ...sourceConstraints('race_results', t),
    index('race_results_constructor_race').on(t.constructorId, t.raceId),
    // The winner of each race and sprint: how many laps behind a finisher is (the Ergast status), wins counts.
    index('race_results_winners').on(t.raceId, t.session, t.positionDisplayOrder).where(sql`${t.positionNumber} = 1`),
  ],
);

/** Qualifying classifications; session is QUALIFYING, SPRINT_QUALIFYING, QUALIFYING_1, QUALIFYING_2 or PRE_QUALIFYING. */
export const qualifyingResults = pgTable(
  'qualifying_results',
  {
    ...classificationColumns,
    session: text('session').notNull(),
    time: text('time'),
    q1: text('q1'),
    q2: text('q2'),
    q3: text('q3'),
    gap: text('gap'),
    laps: integer('laps'),
    source: sourceColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.session, t.positionDisplayOrder] }),
    index('qualifying_results_driver').on(t.driverId),
    index('qualifying_results_constructor').on(t.constructorId),
    ...sourceConstraints('qualifying_results', t),
  ],
);

export const practiceSessions = ['FREE_PRACTICE_1', 'FREE_PRACTICE_2', 'FREE_PRACTICE_3', 'FREE_PRACTICE_4'] as const;
export type PracticeSession = (typeof practiceSessions)[number];

/** Practice classifications: each driver's best lap, the gap to the fastest and to the car ahead, laps run. */
export const practiceResults = pgTable(
  'practice_results',
  {
    ...classificationColumns,
    session: text('session').$type<PracticeSession>().notNull(),
    time: text('time'),
    gap: text('gap'),
    interval: text('interval'),
    laps: integer('laps'),
    source: sourceColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.session, t.positionDisplayOrder] }),
    check('practice_results_session', sql`${t.session} in (${sqlList(practiceSessions)})`),
    ...sourceConstraints('practice_results', t),
  ],
);

export const fastestLaps = pgTable(
  'fastest_laps',
  {
    ...classificationColumns,
    lap: integer('lap'),
    time: text('time').notNull(),
    gap: text('gap'),
    source: sourceColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.positionDisplayOrder] }),
    index('fastest_laps_race_driver').on(t.raceId, t.driverId),
    ...sourceConstraints('fastest_laps', t),
  ],
);

/** Pit stops of a race (F1DB has them since 1994), in the order they happened; time is the stop's duration. */
export const pitStops = pgTable(
  'pit_stops',
  {
    raceId: integer('race_id').notNull(),
    positionDisplayOrder: integer('position_display_order').notNull(),
    driverNumber: text('driver_number').notNull(),
    driverId: text('driver_id').notNull(),
    constructorId: text('constructor_id').notNull(),
    stop: integer('stop').notNull(),
    lap: integer('lap').notNull(),
    time: text('time'),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.positionDisplayOrder] }), index('pit_stops_driver').on(t.driverId)],
);

const standingColumns = {
  positionDisplayOrder: integer('position_display_order').notNull(),
  positionNumber: integer('position_number'),
  positionText: text('position_text').notNull(),
  points: doublePrecision('points').notNull(),
};

/** The championships after each race; provisional after a round whose results are provisional. */
export const raceDriverStandings = pgTable(
  'race_driver_standings',
  { raceId: raceIdColumn(), ...standingColumns, driverId: text('driver_id').notNull(), source: sourceColumn() },
  (t) => [
    primaryKey({ columns: [t.raceId, t.positionDisplayOrder] }),
    // By driver, and by driver and place: an Ergast standings filter tests a driver's rank after a round.
    index('race_driver_standings_driver_position').on(t.driverId, t.positionNumber),
    ...sourceConstraints('race_driver_standings', t),
  ],
);

export const raceConstructorStandings = pgTable(
  'race_constructor_standings',
  {
    raceId: raceIdColumn(),
    ...standingColumns,
    constructorId: text('constructor_id').notNull(),
    engineManufacturerId: text('engine_manufacturer_id').notNull(),
    source: sourceColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.positionDisplayOrder] }),
    index('race_constructor_standings_constructor_position').on(t.constructorId, t.positionNumber),
    ...sourceConstraints('race_constructor_standings', t),
  ],
);

/**
 * The championships after each race as Ergast listed them (the Ergast API's standings and its standings filters):
 * F1DB's table, then everyone else who started a grand prix of the season by then, with no points, in the order of
 * countback. Derived from race_results and race_*_standings in the same transaction as any write of them
 * (ingest/f1db/ergast-standings.ts).
 */
export const ergastDriverStandings = pgTable(
  'ergast_driver_standings',
  { raceId: raceIdColumn(), ...standingColumns, driverId: text('driver_id').notNull(), source: sourceColumn() },
  (t) => [primaryKey({ columns: [t.raceId, t.positionDisplayOrder] }), index('ergast_driver_standings_driver_position').on(t.driverId, t.positionNumber)],
);

export const ergastConstructorStandings = pgTable(
  'ergast_constructor_standings',
  { raceId: raceIdColumn(), ...standingColumns, constructorId: text('constructor_id').notNull(), source: sourceColumn() },
  (t) => [
    primaryKey({ columns: [t.raceId, t.positionDisplayOrder] }),
    index('ergast_constructor_standings_constructor_position').on(t.constructorId, t.positionNumber),
  ],
);

export const seasonDriverStandings = pgTable(
  'season_driver_standings',
  { year: integer('year').notNull(), ...standingColumns, driverId: text('driver_id').notNull() },
  (t) => [primaryKey({ columns: [t.year, t.positionDisplayOrder] })],
);

export const seasonConstructorStandings = pgTable(
  'season_constructor_standings',
  {
    year: integer('year').notNull(),
    ...standingColumns,
    constructorId: text('constructor_id').notNull(),
    engineManufacturerId: text('engine_manufacturer_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.positionDisplayOrder] })],
);

/**
 * Ergast-style ids (`alonso`, `red_bull`, `albert_park`) that name an F1DB driver, constructor or circuit by a rule
 * that can be checked (see ingest/f1db/ergast-aliases.ts). An alias with several rows is ambiguous and refused.
 */
export const ergastAliases = pgTable(
  'ergast_aliases',
  {
    kind: text('kind').$type<'driver' | 'constructor' | 'circuit'>().notNull(),
    alias: text('alias').notNull(),
    targetId: text('target_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.alias, t.targetId] })],
);

/**
 * Ergast's own id of each F1DB driver (with a grand prix entry), constructor and circuit (see ingest/f1db/ergast-ids.ts):
 * the Ergast API answers with these and reads them in requests. A team F1DB starts anew at a change of name keeps its
 * Ergast id, so an Ergast id may name several F1DB constructors.
 */
export const ergastIds = pgTable(
  'ergast_ids',
  {
    kind: text('kind').$type<'driver' | 'constructor' | 'circuit'>().notNull(),
    f1dbId: text('f1db_id').notNull(),
    ergastId: text('ergast_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.f1dbId] }), index('ergast_ids_kind_ergast_id').on(t.kind, t.ergastId)],
);

/**
 * How each finishing status our results read as ("Finished", "+1 Lap", F1DB's retirement reasons) reads in the
 * Ergast API: Ergast's status id and text (F1DB's finer reasons onto Ergast's, see ingest/f1db/ergast-statuses.ts).
 */
export const ergastStatuses = pgTable(
  'ergast_statuses',
  {
    status: text('status').primaryKey(),
    id: integer('id').notNull(),
    ergastStatus: text('ergast_status').notNull(),
  },
  (t) => [index('ergast_statuses_id').on(t.id)],
);

/** Team colours are not in F1DB: hex facts per constructor and season, from the project's own table. */
export const teamColours = pgTable(
  'team_colours',
  {
    constructorId: text('constructor_id').notNull(),
    year: integer('year').notNull(),
    colour: text('colour').notNull(),
  },
  (t) => [primaryKey({ columns: [t.constructorId, t.year] })],
);

/**
 * What F1's live-timing DriverList says of a driver in a season, read with each session's classification: the
 * headshot's address (the picture stays on F1's servers) and the team colour, for the F1DB constructor the
 * driver was mapped to. The latest session read wins.
 */
export const timingDriverList = pgTable(
  'timing_driver_list',
  {
    year: integer('year').notNull(),
    driverId: text('driver_id').notNull(),
    constructorId: text('constructor_id').notNull(),
    headshotUrl: text('headshot_url'),
    /** "#RRGGBB". */
    teamColour: text('team_colour'),
    sessionPath: text('session_path').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.driverId] })],
);

/** One row per import run: what source, which data version, what changed. */
export const dataImports = pgTable('data_imports', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  version: text('version').notNull(),
  dataDate: timestamp('data_date', { withTimezone: true, mode: 'date' }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull(),
  changedRows: integer('changed_rows').notNull(),
  counts: jsonb('counts').$type<Record<string, number>>().notNull(),
});

/** The data_imports source of a provisional store: its id moves the F1 answers' cache version, as an import does. */
export const LIVE_TIMING_IMPORT = 'live-timing';
