import type { ergastAliases } from '../../db/schema';

export type ErgastAliasRow = typeof ergastAliases.$inferSelect;
type Kind = ErgastAliasRow['kind'];

/**
 * Ergast and Jolpica name drivers, constructors and circuits with ids of their own (`alonso`, `max_verstappen`,
 * `red_bull`, `albert_park`); ours are F1DB's (`fernando-alonso`). No licensed list of theirs is at hand, so the
 * aliases come from rules anyone can check against F1DB alone, and an alias counts only when it names exactly one
 * entity of its kind (all rules of the kind together): an alias that several rules point at different entities is
 * kept with every target, so the API can refuse it and name the candidates. An alias equal to a real F1DB id of its
 * kind is dropped: the id wins.
 *
 * - every kind: the F1DB id with underscores for hyphens (`max_verstappen`, `red_bull`, `yas_marina`);
 * - drivers: the surname (`alonso`, `de_vries`, `sainz_jr`), the surname without Jr./Sr./II/III (`sainz`), and
 *   first name + surname (`max_verstappen`, `kevin_magnussen`);
 * - constructors: the short name (`red_bull`, `aston_martin`);
 * - circuits: each of its names, full name and previous names (`albert_park_circuit`), and each without a trailing
 *   generic word such as "Circuit" or "Street Circuit" (`albert_park`, `marina_bay`).
 *
 * Names are folded to lower-case ASCII words joined by underscores ("Räikkönen" → `raikkonen`). Only drivers with a
 * grand prix entry (`entries`, a race result of any kind, a failure to qualify included) are named: Ergast knows no
 * others, so `leclerc` is Charles, not Arthur, who has driven only in practice.
 */
export function ergastAliasRows(entities: {
  drivers: { id: string; firstName: string; lastName: string }[];
  entries: { driverId: string }[];
  constructors: { id: string; name: string }[];
  circuits: { id: string; name: string; fullName: string; previousNames: string[] }[];
}): ErgastAliasRow[] {
  const entered = new Set(entities.entries.map((entry) => entry.driverId));
  return [
    ...aliasesOf('driver', entities.drivers.filter((driver) => entered.has(driver.id)), driverAliases),
    ...aliasesOf('constructor', entities.constructors, (c) => [c.name]),
    ...aliasesOf('circuit', entities.circuits, circuitAliases),
  ];
}

function aliasesOf<T extends { id: string }>(kind: Kind, entities: T[], namesOf: (entity: T) => string[]): ErgastAliasRow[] {
  const ids = new Set(entities.map((e) => e.id));
  const rows = new Map<string, ErgastAliasRow>();
  for (const entity of entities) {
    for (const alias of new Set([entity.id.replaceAll('-', '_'), ...namesOf(entity).map(ergastIdOf)])) {
      if (alias === '' || ids.has(alias)) continue;
      rows.set(`${alias} ${entity.id}`, { kind, alias, targetId: entity.id });
    }
  }
  return [...rows.values()];
}

const GENERATIONAL_SUFFIX = /[\s,]+(jr\.?|sr\.?|ii|iii)$/i;

function driverAliases(driver: { firstName: string; lastName: string }): string[] {
  const surname = driver.lastName.replace(GENERATIONAL_SUFFIX, '');
  return [driver.lastName, surname, `${driver.firstName} ${surname}`];
}

/** Words that end many circuit names and say nothing about which circuit it is. */
const GENERIC_CIRCUIT_ENDINGS = [
  'international street circuit',
  'international racing circuit',
  'international circuit',
  'grand prix circuit',
  'street circuit',
  'circuit',
  'motor speedway',
  'raceway',
];

function circuitAliases(circuit: { name: string; fullName: string; previousNames: string[] }): string[] {
  return [circuit.name, circuit.fullName, ...circuit.previousNames].flatMap((name) => {
    const words = ergastIdOf(name);
    const ending = GENERIC_CIRCUIT_ENDINGS.map(ergastIdOf).find((generic) => words.endsWith(`_${generic}`));
    return ending ? [name, words.slice(0, -ending.length - 1)] : [name];
  });
}

/** Letters that Unicode does not decompose into a base letter and a mark. */
const LETTERS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l', ı: 'i', þ: 'th' };

/** "Räikkönen" → "raikkonen", "de Vries" → "de_vries", "Sainz Jr." → "sainz_jr". */
export function ergastIdOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[øæœßđłıþ]/g, (letter) => LETTERS[letter]!)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
