import tzlookup from '@photostructure/tz-lookup';
import * as schema from '../../db/schema';
import type { ResultSource, SessionKind } from '../../db/schema';
import type { EntrantConstructor, RaceFile, SeasonEntrant } from './schemas';
import { F1dbImportError, fieldName, type F1dbSource, type RaceSource, type SeasonSource, type Sourced } from './source';
import { ergastAliasRows } from './ergast-aliases';
import { ergastIdRows } from './ergast-ids';
import { withSessionStatus } from '../../modules/f1/results/status';
import { ergastStatusRows } from './ergast-statuses';
import { teamColours } from './team-colours';

/** The tables the importer owns, in the order they are written. */
export const f1Tables = {
  countries: schema.countries,
  circuits: schema.circuits,
  circuitLayouts: schema.circuitLayouts,
  grandsPrix: schema.grandsPrix,
  drivers: schema.drivers,
  constructors: schema.constructors,
  engineManufacturers: schema.engineManufacturers,
  seasons: schema.seasons,
  seasonEntrantDrivers: schema.seasonEntrantDrivers,
  races: schema.races,
  raceSessions: schema.raceSessions,
  raceResults: schema.raceResults,
  qualifyingResults: schema.qualifyingResults,
  practiceResults: schema.practiceResults,
  fastestLaps: schema.fastestLaps,
  pitStops: schema.pitStops,
  raceDriverStandings: schema.raceDriverStandings,
  raceConstructorStandings: schema.raceConstructorStandings,
  seasonDriverStandings: schema.seasonDriverStandings,
  seasonConstructorStandings: schema.seasonConstructorStandings,
  teamColours: schema.teamColours,
  ergastAliases: schema.ergastAliases,
  ergastIds: schema.ergastIds,
  ergastStatuses: schema.ergastStatuses,
};
export type F1TableName = keyof typeof f1Tables;

/**
 * The tables that also hold provisional rows, and the columns naming one session in each: an import replaces
 * the provisional rows of the sessions it holds and keeps the others.
 */
export const provisionalSessionColumns: Partial<Record<F1TableName, readonly string[]>> = {
  raceResults: ['race_id', 'session'],
  qualifyingResults: ['race_id', 'session'],
  practiceResults: ['race_id', 'session'],
  fastestLaps: ['race_id'],
  raceDriverStandings: ['race_id'],
  raceConstructorStandings: ['race_id'],
};
export type F1Rows = { [K in F1TableName]: (typeof f1Tables)[K]['$inferSelect'][] };

type Row<K extends F1TableName> = F1Rows[K][number];

/** Every row an F1DB import writes is official. */
const OFFICIAL: ResultSource = 'F1DB';

/**
 * Turns the validated source into complete table rows, checking every reference between files
 * (a result's driver, a race's circuit layout...). Throws an F1dbImportError naming file and field.
 */
export function buildF1Rows(source: F1dbSource): F1Rows {
  const known = knownIds(source);
  const rows: F1Rows = {
    countries: source.countries.map(({ data }) => ({ ...pick(data, ['id', 'alpha2Code', 'alpha3Code', 'name', 'continentId']), demonym: data.demonym ?? null })),
    circuits: source.circuits.map(circuitRow),
    circuitLayouts: source.circuits.flatMap(({ data }) =>
      data.layouts.map((layout) => ({
        id: layout.id,
        circuitId: data.id,
        ...pickOrNull(layout, ['length', 'turns']),
        svgs: source.circuitSvgs.get(layout.id)!,
      })),
    ),
    grandsPrix: source.grandsPrix.map(({ data }) => ({ ...pick(data, ['id', 'name', 'fullName', 'shortName', 'abbreviation']), countryId: data.countryId ?? null })),
    drivers: source.drivers.map(({ data }) => driverRow(data)),
    constructors: source.constructors.map(({ data }) => pick(data, ['id', 'name', 'fullName', 'countryId'])),
    engineManufacturers: source.engineManufacturers.map(({ data }) => ({ id: data.id, name: data.name, countryId: data.countryId ?? null })),
    seasons: source.seasons.map(({ year }) => ({ year })),
    seasonEntrantDrivers: source.seasons.flatMap((season) => entrantDriverRows(season, known)),
    races: [],
    raceSessions: [],
    raceResults: [],
    qualifyingResults: [],
    practiceResults: [],
    fastestLaps: [],
    pitStops: [],
    raceDriverStandings: [],
    raceConstructorStandings: [],
    seasonDriverStandings: [],
    seasonConstructorStandings: [],
    teamColours: teamColourRows(source.seasons),
    ergastAliases: [],
    ergastIds: [],
    ergastStatuses: [],
  };
  checkEntityReferences(source, known);
  addRacesAndStandings(rows, source.seasons, known);
  rows.ergastAliases = ergastAliasRows({
    drivers: rows.drivers,
    entries: rows.raceResults,
    constructors: rows.constructors,
    circuits: source.circuits.map(({ data }) => ({ ...data, previousNames: data.previousNames ?? [] })),
  });
  rows.ergastIds = ergastIdRows({
    drivers: rows.drivers,
    entries: rows.raceResults,
    constructors: rows.constructors,
    circuits: source.circuits.map(({ data }) => ({ ...data, previousNames: data.previousNames ?? [] })),
  }).rows;
  rows.ergastStatuses = ergastStatusRows(rows.raceResults, rows.races);
  return rows;
}

function addRacesAndStandings(rows: F1Rows, seasons: SeasonSource[], known: Known) {
  const raceIds = new Set<number>();
  const rounds = new Set<string>();
  for (const { year, races, driverStandings, constructorStandings } of seasons) {
    for (const race of races) {
      const { file, data } = race.race;
      if (raceIds.has(data.id)) throw new F1dbImportError(file, 'id', `duplicate race id ${data.id}`);
      if (rounds.has(`${year}/${data.round}`)) throw new F1dbImportError(file, 'round', `duplicate round ${data.round} of ${year}`);
      raceIds.add(data.id);
      rounds.add(`${year}/${data.round}`);
      addRace(rows, year, race, known);
    }
    rows.seasonDriverStandings.push(...standings(driverStandings, known).map(({ base, entry }) => Object.assign({ year }, base, { driverId: entry.driverId })));
    rows.seasonConstructorStandings.push(
      ...standings(constructorStandings, known).map(({ base, entry }) => Object.assign({ year }, base, { constructorId: entry.constructorId, engineManufacturerId: entry.engineManufacturerId })),
    );
  }
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

type PickedOrNull<T, K extends keyof T> = { [P in K]-?: Exclude<T[P], undefined> | null };

/** Like pick, with null for the fields a file leaves out: the columns take null, not undefined. */
function pickOrNull<T extends object, K extends keyof T>(value: T, keys: K[]): PickedOrNull<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key] ?? null])) as PickedOrNull<T, K>;
}

function circuitRow({ data }: F1dbSource['circuits'][number]): Row<'circuits'> {
  return {
    ...pick(data, ['id', 'name', 'fullName', 'type', 'direction', 'placeName', 'countryId', 'latitude', 'longitude']),
    ...pickOrNull(data, ['length', 'turns']),
    // F1DB has no time zones; the circuit's coordinates give its IANA zone.
    timeZone: tzlookup(data.latitude, data.longitude),
  };
}

function driverRow(data: F1dbSource['drivers'][number]['data']): Row<'drivers'> {
  return {
    ...pick(data, ['id', 'name', 'firstName', 'lastName', 'fullName', 'abbreviation', 'gender']),
    permanentNumber: data.permanentNumber == null ? null : String(data.permanentNumber),
    ...pickOrNull(data, ['dateOfBirth', 'dateOfDeath', 'placeOfBirth']),
    countryOfBirthId: data.countryOfBirthCountryId ?? null,
    nationalityId: data.nationalityCountryId,
    secondNationalityId: data.secondNationalityCountryId ?? null,
  };
}

type Known = Record<'country' | 'circuit' | 'layout' | 'grandPrix' | 'driver' | 'constructor' | 'engineManufacturer', Set<string>>;

function knownIds(source: F1dbSource): Known {
  const ids = <T extends { id: string }>(items: Sourced<T>[], what: string) => {
    const set = new Set<string>();
    for (const { file, data } of items) {
      if (set.has(data.id)) throw new F1dbImportError(file, 'id', `duplicate ${what} id "${data.id}"`);
      set.add(data.id);
    }
    return set;
  };
  return {
    country: ids(source.countries, 'country'),
    circuit: ids(source.circuits, 'circuit'),
    layout: ids(
      source.circuits.flatMap(({ file, data }) => data.layouts.map((layout) => ({ file, data: layout }))),
      'circuit layout',
    ),
    grandPrix: ids(source.grandsPrix, 'grand prix'),
    driver: ids(source.drivers, 'driver'),
    constructor: ids(source.constructors, 'constructor'),
    engineManufacturer: ids(source.engineManufacturers, 'engine manufacturer'),
  };
}

function expectKnown(known: Known, kind: keyof Known, id: string | null | undefined, file: string, field: string | PropertyKey[]) {
  if (id != null && !known[kind].has(id)) throw new F1dbImportError(file, typeof field === 'string' ? field : fieldName(field), `unknown ${kind} "${id}"`);
}

function checkEntityReferences(source: F1dbSource, known: Known) {
  for (const { file, data } of source.circuits) expectKnown(known, 'country', data.countryId, file, 'countryId');
  for (const { file, data } of source.grandsPrix) expectKnown(known, 'country', data.countryId, file, 'countryId');
  for (const { file, data } of source.constructors) expectKnown(known, 'country', data.countryId, file, 'countryId');
  for (const { file, data } of source.engineManufacturers) expectKnown(known, 'country', data.countryId, file, 'countryId');
  for (const { file, data } of source.drivers) {
    expectKnown(known, 'country', data.countryOfBirthCountryId, file, 'countryOfBirthCountryId');
    expectKnown(known, 'country', data.nationalityCountryId, file, 'nationalityCountryId');
    expectKnown(known, 'country', data.secondNationalityCountryId, file, 'secondNationalityCountryId');
  }
}

/** Entrants list their drivers inline or under constructors[]; both become one row per driver. */
function entrantDriverRows(season: SeasonSource, known: Known): Row<'seasonEntrantDrivers'>[] {
  const { file, data } = season.entrants;
  const listed = new Set<string>();
  return data.flatMap((entrant, index) =>
    entrantConstructors(entrant, file, `[${index}]`).flatMap(({ constructor, field }) => {
      expectKnown(known, 'constructor', constructor.constructorId, file, `${field}.constructorId`);
      expectKnown(known, 'engineManufacturer', constructor.engineManufacturerId, file, `${field}.engineManufacturerId`);
      return entrantDrivers(constructor, file, field).map(({ driver, field: driverField }) => {
        expectKnown(known, 'driver', driver.driverId, file, `${driverField}.driverId`);
        const key = [entrant.entrantId, constructor.constructorId, constructor.engineManufacturerId, driver.driverId].join('/');
        if (listed.has(key)) throw new F1dbImportError(file, `${driverField}.driverId`, `${driver.driverId} is listed twice for ${entrant.entrantId}`);
        listed.add(key);
        return {
          year: season.year,
          entrantId: entrant.entrantId,
          constructorId: constructor.constructorId,
          engineManufacturerId: constructor.engineManufacturerId,
          driverId: driver.driverId,
          rounds: parseRounds(driver.rounds, file, `${driverField}.rounds`),
          testDriver: driver.testDriver ?? false,
        };
      });
    }),
  );
}

function entrantConstructors(entrant: SeasonEntrant, file: string, field: string): { constructor: EntrantConstructor; field: string }[] {
  if (entrant.constructors) return entrant.constructors.map((constructor, index) => ({ constructor, field: `${field}.constructors[${index}]` }));
  const { constructorId, engineManufacturerId } = entrant;
  if (!constructorId || !engineManufacturerId) {
    throw new F1dbImportError(file, `${field}.${constructorId ? 'engineManufacturerId' : 'constructorId'}`, 'missing (an entrant needs constructorId and engineManufacturerId, or constructors[])');
  }
  return [{ constructor: { ...entrant, constructorId, engineManufacturerId }, field }];
}

type EntrantDriver = { driverId: string; rounds?: number | string | null; testDriver?: boolean | null };

function entrantDrivers(constructor: EntrantConstructor, file: string, field: string): { driver: EntrantDriver; field: string }[] {
  if (constructor.drivers) return constructor.drivers.map((driver, index) => ({ driver, field: `${field}.drivers[${index}]` }));
  if (!constructor.driverId) throw new F1dbImportError(file, `${field}.driverId`, 'missing (an entrant needs drivers[] or driverId)');
  return [{ driver: { driverId: constructor.driverId, rounds: constructor.rounds, testDriver: constructor.testDriver }, field }];
}

/** "1-5,7" → [1, 2, 3, 4, 5, 7]; a bare number is one round; empty means no race started. */
function parseRounds(rounds: number | string | null | undefined, file: string, field: string): number[] {
  if (rounds == null) return [];
  if (typeof rounds === 'number') return [rounds];
  return rounds.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    if (to < from) throw new F1dbImportError(file, field, `round range "${part}" runs backwards`);
    return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
  });
}

/** Every *Date/*Time pair of race.yml, as session kinds. Times are UTC; a date alone means the hour is unknown. */
const sessionFields: [SessionKind, keyof RaceFile, keyof RaceFile][] = [
  ['PRE_QUALIFYING', 'preQualifyingDate', 'preQualifyingTime'],
  ['FREE_PRACTICE_1', 'freePractice1Date', 'freePractice1Time'],
  ['FREE_PRACTICE_2', 'freePractice2Date', 'freePractice2Time'],
  ['FREE_PRACTICE_3', 'freePractice3Date', 'freePractice3Time'],
  ['FREE_PRACTICE_4', 'freePractice4Date', 'freePractice4Time'],
  ['QUALIFYING_1', 'qualifying1Date', 'qualifying1Time'],
  ['QUALIFYING_2', 'qualifying2Date', 'qualifying2Time'],
  ['QUALIFYING', 'qualifyingDate', 'qualifyingTime'],
  ['SPRINT_QUALIFYING', 'sprintQualifyingDate', 'sprintQualifyingTime'],
  ['SPRINT', 'sprintRaceDate', 'sprintRaceTime'],
  ['WARM_UP', 'warmingUpDate', 'warmingUpTime'],
  ['RACE', 'date', 'time'],
];

function sessionRows(raceId: number, { file, data }: RaceSource['race']): Row<'raceSessions'>[] {
  return sessionFields.flatMap(([kind, dateField, timeField]) => {
    const date = data[dateField] as string | null | undefined;
    const time = data[timeField] as string | null | undefined;
    if (!date) {
      if (time) throw new F1dbImportError(file, dateField, `missing (${timeField} is ${time})`);
      return [];
    }
    return [{ raceId, kind, date, startsAt: time ? new Date(`${date}T${time}:00Z`) : null }];
  });
}

function addRace(rows: F1Rows, year: number, source: RaceSource, known: Known) {
  const { file, data } = source.race;
  if (data.year !== undefined && data.year !== year) throw new F1dbImportError(file, 'year', `${data.year} in the folder of season ${year}`);
  expectKnown(known, 'grandPrix', data.grandPrixId, file, 'grandPrixId');
  expectKnown(known, 'circuit', data.circuitId, file, 'circuitId');
  expectKnown(known, 'layout', data.circuitLayoutId, file, 'circuitLayoutId');
  const raceId = data.id;
  rows.races.push({
    ...pick(data, ['id', 'round', 'date', 'grandPrixId', 'officialName', 'qualifyingFormat', 'circuitId', 'circuitLayoutId', 'circuitType', 'direction', 'courseLength', 'turns', 'laps', 'distance']),
    year,
    ...pickOrNull(data, ['time', 'sprintQualifyingFormat', 'scheduledLaps', 'scheduledDistance', 'sprintRaceLaps']),
    driversChampionshipDecider: data.driversChampionshipDecider ?? false,
    constructorsChampionshipDecider: data.constructorsChampionshipDecider ?? false,
  });
  rows.raceSessions.push(...sessionRows(raceId, source.race));
  addRaceResults(rows, raceId, 'RACE', source.raceResults, known);
  addRaceResults(rows, raceId, 'SPRINT', source.sprintResults, known);
  for (const [session, results] of sessionsOf(source.qualifying)) {
    rows.qualifyingResults.push(
      ...classified(results, raceId, known).map(({ base, entry }) =>
        Object.assign(base, { session, ...pickOrNull(entry, ['time', 'q1', 'q2', 'q3', 'gap', 'laps']) }),
      ),
    );
  }
  for (const [session, results] of sessionsOf(source.practice)) {
    rows.practiceResults.push(
      ...classified(results, raceId, known).map(({ base, entry }) => Object.assign(base, { session, ...pickOrNull(entry, ['time', 'gap', 'interval', 'laps']) })),
    );
  }
  if (source.fastestLaps) {
    rows.fastestLaps.push(
      ...classified(source.fastestLaps, raceId, known).map(({ base, entry }) => Object.assign(base, { lap: entry.lap ?? null, time: entry.time, gap: entry.gap ?? null })),
    );
  }
  if (source.pitStops) {
    const { file, data } = source.pitStops;
    rows.pitStops.push(
      ...data.map((entry, index) => {
        expectKnownEntrant(known, entry, file, index);
        return {
          raceId,
          positionDisplayOrder: index + 1,
          driverNumber: String(entry.driverNumber),
          ...pick(entry, ['driverId', 'constructorId', 'stop', 'lap']),
          time: entry.time ?? null,
        };
      }),
    );
  }
  rows.raceDriverStandings.push(
    ...standings(source.driverStandings, known).map(({ base, entry }) => Object.assign({ raceId }, base, { driverId: entry.driverId, source: OFFICIAL })),
  );
  rows.raceConstructorStandings.push(
    ...standings(source.constructorStandings, known).map(({ base, entry }) =>
      Object.assign({ raceId }, base, { constructorId: entry.constructorId, engineManufacturerId: entry.engineManufacturerId, source: OFFICIAL }),
    ),
  );
}

function sessionsOf<K extends string, T>(files: Partial<Record<K, T>>): [K, T][] {
  return Object.entries(files) as [K, T][];
}

/**
 * The position columns of a file's row `index`: the row order is the display order, and a position is a number
 * or a code such as DNF that leaves positionNumber null.
 */
function positionColumns(position: number | string, index: number) {
  return { positionDisplayOrder: index + 1, positionNumber: typeof position === 'number' ? position : null, positionText: String(position) };
}

/** The columns every classification row shares, from its row `index` of a classification of a race, and its source. */
export function classificationColumns(raceId: number, entry: ClassifiedEntry, index: number, source: ResultSource) {
  return {
    raceId,
    ...positionColumns(entry.position, index),
    driverNumber: String(entry.driverNumber),
    driverId: entry.driverId,
    constructorId: entry.constructorId,
    engineManufacturerId: entry.engineManufacturerId,
    source,
  };
}

type EntrantIds = { driverId?: string; constructorId?: string; engineManufacturerId?: string };

function expectKnownEntrant(known: Known, entry: EntrantIds, file: string, index: number) {
  expectKnown(known, 'driver', entry.driverId, file, [index, 'driverId']);
  expectKnown(known, 'constructor', entry.constructorId, file, [index, 'constructorId']);
  expectKnown(known, 'engineManufacturer', entry.engineManufacturerId, file, [index, 'engineManufacturerId']);
}

type ClassifiedEntry = {
  position: number | string;
  driverNumber: number | string;
  driverId: string;
  constructorId: string;
  engineManufacturerId: string;
};

/** The columns every classification shares; the file's row order is the display order. */
function classified<T extends ClassifiedEntry>({ file, data }: Sourced<T[]>, raceId: number, known: Known) {
  return data.map((entry, index) => {
    expectKnownEntrant(known, entry, file, index);
    return { entry, base: classificationColumns(raceId, entry, index, OFFICIAL) };
  });
}

function addRaceResults(rows: F1Rows, raceId: number, session: 'RACE' | 'SPRINT', results: RaceSource['raceResults'], known: Known) {
  if (!results) return;
  rows.raceResults.push(
    ...withSessionStatus(
      classified(results, raceId, known).map(({ base, entry }) =>
        Object.assign(base, {
          session,
          sharedCar: entry.sharedCar ?? false,
          ...pickOrNull(entry, ['laps', 'time', 'timePenalty', 'gap', 'interval', 'reasonRetired', 'points']),
          gridPosition: entry.gridPosition == null ? null : String(entry.gridPosition),
        }),
      ),
    ),
  );
}

type StandingEntry = EntrantIds & { position: number | string; points: number };

/** The columns every standings table shares; the file's row order is the display order. */
function standings<T extends StandingEntry>(source: Sourced<T[]> | undefined, known: Known) {
  if (!source) return [];
  const { file, data } = source;
  return data.map((entry, index) => {
    expectKnownEntrant(known, entry, file, index);
    return { entry, base: { ...positionColumns(entry.position, index), points: entry.points } };
  });
}

/** The project's own colour table, for the constructors that entered each imported season. */
function teamColourRows(seasons: SeasonSource[]): Row<'teamColours'>[] {
  return seasons.flatMap(({ year, entrants }) => {
    const colours = teamColours[year] ?? {};
    const entered = new Set(entrants.data.flatMap((entrant) => entrantConstructors(entrant, entrants.file, '').map(({ constructor }) => constructor.constructorId)));
    return [...entered].filter((constructorId) => colours[constructorId]).map((constructorId) => ({ constructorId, year, colour: colours[constructorId]! }));
  });
}
