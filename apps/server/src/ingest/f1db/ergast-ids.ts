import type { ergastIds } from '../../db/schema';
import ergastCircuits from '../../modules/f1/ergast/ids/circuits.json';
import ergastConstructors from '../../modules/f1/ergast/ids/constructors.json';
import ergastDrivers from '../../modules/f1/ergast/ids/drivers.json';
import { ergastIdOf } from './ergast-aliases';

type ErgastIdRow = typeof ergastIds.$inferSelect;
type Kind = ErgastIdRow['kind'];

type F1dbDriver = { id: string; firstName: string; lastName: string; dateOfBirth: string | null };
type F1dbConstructor = { id: string; name: string; fullName: string };
type F1dbCircuit = { id: string; name: string; fullName: string; placeName: string; previousNames: string[] };

/** The outcome of the join: one Ergast id per F1DB entity, and the Ergast rows that named none (or several). */
export type ErgastIdJoin = { rows: ErgastIdRow[]; unmatched: string[] };

/**
 * Ergast's own ids (`hamilton`, `red_bull`, `spa`), read from Ergast's tables kept in modules/f1/ergast/ids, joined to
 * F1DB's entities: drivers by date of birth and name, constructors by name (Ergast's id spelled as F1DB's first, which
 * tells the Lotus teams of different eras apart), circuits by name, then by location. F1DB entities Ergast never had
 * (drivers and teams since 2023) get an id by Jolpica's rule: the surname (the name for teams), or given name +
 * surname when that id is taken. Only drivers with a grand prix entry are named, as only they are in Ergast.
 */
export function ergastIdRows(entities: {
  drivers: F1dbDriver[];
  entries: { driverId: string }[];
  constructors: F1dbConstructor[];
  circuits: F1dbCircuit[];
}): ErgastIdJoin {
  const entered = new Set(entities.entries.map((entry) => entry.driverId));
  const enteredDrivers = [...entered].map((id) => entities.drivers.find((driver) => driver.id === id)).filter((d) => d !== undefined);
  const drivers = joinDrivers(enteredDrivers);
  const constructors = joinConstructors(entities.constructors);
  for (const [f1dbId, ergastId] of Object.entries(CONTINUED_TEAMS)) constructors.matched.set(f1dbId, ergastId);
  const circuits = joinCircuits(entities.circuits);
  return {
    rows: [
      ...withJolpicaIds('driver', enteredDrivers, drivers.matched, (d) => [d.lastName, `${d.firstName} ${d.lastName}`]),
      ...withJolpicaIds('constructor', entities.constructors, constructors.matched, (c) => [c.name, c.fullName]),
      ...withJolpicaIds('circuit', entities.circuits, circuits.matched, (c) => [c.name, c.fullName]),
    ],
    unmatched: [...drivers.unmatched, ...constructors.unmatched, ...circuits.unmatched],
  };
}

type Join = { matched: Map<string, string>; unmatched: string[] };

/** Ergast rows as objects of their columns. */
function tableRows<T>(table: { columns: string[]; rows: (string | number)[][] }): T[] {
  return table.rows.map((row) => Object.fromEntries(table.columns.map((column, index) => [column, row[index]])) as T);
}

/**
 * Each Ergast row takes the one F1DB entity that `candidates` finds for it among those not yet taken; rows that find
 * none or several are listed as unmatched. Passes run in order, each over the rows still unmatched.
 */
function join<E extends { id: string }, R>(kind: Kind, refOf: (row: R) => string, ergastRows: R[], entities: E[], passes: ((row: R, entity: E) => boolean)[]): Join {
  const matched = new Map<string, string>();
  let open = ergastRows;
  for (const pass of passes) {
    const taken = new Set(matched.keys());
    const still: R[] = [];
    for (const row of open) {
      const found = entities.filter((entity) => !taken.has(entity.id) && pass(row, entity));
      if (found.length === 1 && !matched.has(found[0]!.id)) matched.set(found[0]!.id, refOf(row));
      else still.push(row);
    }
    open = still;
  }
  return { matched, unmatched: open.map((row) => `${kind} ${refOf(row)}`) };
}

type ErgastDriver = { driverRef: string; forename: string; surname: string; dob: string };

function joinDrivers(drivers: F1dbDriver[]): Join {
  const nameMatches = (row: ErgastDriver, d: F1dbDriver) =>
    ergastIdOf(d.lastName) === ergastIdOf(row.surname) ||
    ergastIdOf(d.firstName) === ergastIdOf(row.forename) ||
    ergastIdOf(`${d.firstName} ${d.lastName}`).includes(ergastIdOf(row.surname));
  return join('driver', (row: ErgastDriver) => row.driverRef, tableRows<ErgastDriver>(ergastDrivers), drivers, [
    (row, d) => d.dateOfBirth === row.dob && nameMatches(row, d),
    // A name spelled differently (Jyrki Järvilehto is F1DB's JJ Lehto): the date of birth alone, when only one has it.
    (row, d) => d.dateOfBirth === row.dob,
    // A date of birth one source has wrong: the whole name still tells.
    (row, d) => ergastIdOf(`${d.firstName} ${d.lastName}`) === ergastIdOf(`${row.forename} ${row.surname}`),
  ]);
}

type ErgastConstructor = { constructorRef: string; name: string };

function joinConstructors(constructors: F1dbConstructor[]): Join {
  return join('constructor', (row: ErgastConstructor) => row.constructorRef, tableRows<ErgastConstructor>(ergastConstructors), constructors, [
    joinedByHand('constructor', (row) => row.constructorRef),
    (row, c) => sameName(row.constructorRef, [c.id]),
    (row, c) => sameName(row.name, [c.name, c.fullName]),
  ]);
}

type ErgastCircuit = { circuitRef: string; name: string; location: string };

function joinCircuits(circuits: F1dbCircuit[]): Join {
  return join('circuit', (row: ErgastCircuit) => row.circuitRef, tableRows<ErgastCircuit>(ergastCircuits), circuits, [
    joinedByHand('circuit', (row) => row.circuitRef),
    (row, c) => sameName(row.name, [c.name, c.fullName, ...c.previousNames]) && sameName(row.location, [c.placeName]),
    (row, c) => sameName(row.circuitRef, [c.id]),
    (row, c) => sameName(row.name, [c.name, c.fullName, ...c.previousNames]),
    (row, c) => sameName(row.location, [c.placeName]),
  ]);
}

/** Names equal once folded, spaces and punctuation aside ("Euro Brun" is "EuroBrun", `lotus_f1` is `lotus-f1`). */
function sameName(name: string, names: string[]): boolean {
  const compact = (text: string) => ergastIdOf(text).replaceAll('_', '');
  return names.some((other) => compact(other) === compact(name));
}

/**
 * The few joins no rule makes: both sources name these differently, and the race calendar tells which is which.
 * Las Vegas has two circuits (Ergast's las_vegas, 1981-82, is F1DB's Caesars Palace; vegas, since 2023, F1DB's
 * Las Vegas); Qatar's circuit was renamed from Losail to Lusail; MF1 is F1DB's Midland, Derrington F1DB's
 * Derrington-Francis, Simca F1DB's Simca-Gordini.
 */
const JOINED_BY_HAND: Record<'constructor' | 'circuit', Record<string, string>> = {
  circuit: { las_vegas: 'caesars-palace', vegas: 'las-vegas', losail: 'lusail' },
  constructor: { mf1: 'midland', derrington: 'derrington-francis', simca: 'simca-gordini' },
};

/**
 * Teams F1DB starts anew at a change of name where Jolpica keeps the team's id: Kick Sauber (2024-25) is `sauber`,
 * Racing Bulls (2025) `rb`. A request with such an id names all its F1DB constructors; the season tells them apart.
 */
const CONTINUED_TEAMS: Record<string, string> = { 'kick-sauber': 'sauber', 'racing-bulls': 'rb' };

function joinedByHand<R>(kind: 'constructor' | 'circuit', refOf: (row: R) => string) {
  return (row: R, entity: { id: string }) => JOINED_BY_HAND[kind][refOf(row)] === entity.id;
}

/**
 * The joined ids, then an id for every entity Ergast did not have, by Jolpica's rule: the first of `names` (folded)
 * that no entity of the kind holds yet, else the F1DB id with underscores.
 */
function withJolpicaIds<E extends { id: string }>(kind: Kind, entities: E[], matched: Map<string, string>, names: (entity: E) => string[]): ErgastIdRow[] {
  const taken = new Set(matched.values());
  const rows: ErgastIdRow[] = [...matched].map(([f1dbId, ergastId]) => ({ kind, f1dbId, ergastId }));
  for (const entity of entities) {
    if (matched.has(entity.id)) continue;
    const ergastId = [...names(entity).map(ergastIdOf), ergastIdOf(entity.id)].find((id) => id !== '' && !taken.has(id)) ?? entity.id;
    taken.add(ergastId);
    rows.push({ kind, f1dbId: entity.id, ergastId });
  }
  return rows;
}
