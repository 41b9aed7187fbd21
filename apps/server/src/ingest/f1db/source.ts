import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { z } from 'zod';
import * as files from './schemas';

/** A file of the F1DB tree failed to load: names the file (relative to the tree) and the field. */
export class F1dbImportError extends Error {
  constructor(
    readonly file: string,
    readonly field: string | undefined,
    readonly problem: string,
  ) {
    super(`F1DB ${file}${field ? `, field ${field}` : ''}: ${problem}`);
    this.name = 'F1dbImportError';
  }
}

/** One parsed file and where it came from, so later checks can still name it. */
export type Sourced<T> = { file: string; data: T };

type Of<S extends z.ZodType> = Sourced<z.infer<S>>;

const qualifyingSessions = ['PRE_QUALIFYING', 'QUALIFYING_1', 'QUALIFYING_2', 'QUALIFYING', 'SPRINT_QUALIFYING'] as const;
export type QualifyingSession = (typeof qualifyingSessions)[number];

const practiceSessions = ['FREE_PRACTICE_1', 'FREE_PRACTICE_2', 'FREE_PRACTICE_3', 'FREE_PRACTICE_4'] as const;
export type PracticeSession = (typeof practiceSessions)[number];

/** F1DB names a session's results file after the session: FREE_PRACTICE_1 → free-practice-1-results.yml. */
function sessionResultsFile(session: string): string {
  return `${session.toLowerCase().replaceAll('_', '-')}-results.yml`;
}

export type RaceSource = {
  race: Of<typeof files.raceFile>;
  raceResults?: Of<typeof files.raceResultsFile>;
  sprintResults?: Of<typeof files.raceResultsFile>;
  qualifying: Partial<Record<QualifyingSession, Of<typeof files.qualifyingResultsFile>>>;
  practice: Partial<Record<PracticeSession, Of<typeof files.practiceResultsFile>>>;
  fastestLaps?: Of<typeof files.fastestLapsFile>;
  pitStops?: Of<typeof files.pitStopsFile>;
  driverStandings?: Of<typeof files.driverStandingsFile>;
  constructorStandings?: Of<typeof files.constructorStandingsFile>;
};

export type SeasonSource = {
  year: number;
  entrants: Of<typeof files.entrantsFile>;
  driverStandings?: Of<typeof files.driverStandingsFile>;
  constructorStandings?: Of<typeof files.constructorStandingsFile>;
  races: RaceSource[];
};

const svgVariants = ['black', 'black-outline', 'white', 'white-outline'] as const;

export type F1dbSource = {
  /** The F1DB schema version, from the $id of its JSON schema, e.g. "v6.5.0". */
  schemaVersion: string;
  /** sha256 over every file read, in a fixed order: changes whenever the imported data does. */
  contentHash: string;
  countries: Of<typeof files.countryFile>[];
  circuits: Of<typeof files.circuitFile>[];
  grandsPrix: Of<typeof files.grandPrixFile>[];
  drivers: Of<typeof files.driverFile>[];
  constructors: Of<typeof files.constructorFile>[];
  engineManufacturers: Of<typeof files.engineManufacturerFile>[];
  seasons: SeasonSource[];
  /** Drawings per circuit layout id, keyed by variant. */
  circuitSvgs: Map<string, Record<string, string>>;
};

/**
 * Reads and validates the F1DB source tree under dir (the F1DB repository, or its src folder).
 * Nothing is written anywhere: a bad or missing file throws an F1dbImportError first.
 */
const SCHEMA_FILE = 'schema/current/single/f1db.schema.json';

/** Only the schema version of the tree at dir (a cheap check that it is there and readable). */
export function readF1dbSchemaVersion(dir: string): string {
  return new SourceTree(dir).parseJson(SCHEMA_FILE, files.schemaFile);
}

export function readF1dbSource(dir: string): F1dbSource {
  const tree = new SourceTree(dir);
  const schemaVersion = tree.parseJson(SCHEMA_FILE, files.schemaFile);
  const circuits = tree.parseFolder('data/circuits', files.circuitFile);
  const source: Omit<F1dbSource, 'contentHash'> = {
    schemaVersion,
    countries: tree.parseFolder('data/countries', files.countryFile),
    circuits,
    grandsPrix: tree.parseFolder('data/grands-prix', files.grandPrixFile),
    drivers: tree.parseFolder('data/drivers', files.driverFile),
    constructors: tree.parseFolder('data/constructors', files.constructorFile),
    engineManufacturers: tree.parseFolder('data/engine-manufacturers', files.engineManufacturerFile),
    seasons: tree.list('data/seasons', 'directories').filter((name) => /^\d{4}$/.test(name)).map((name) => readSeason(tree, name)),
    circuitSvgs: readCircuitSvgs(tree, circuits),
  };
  return { ...source, contentHash: tree.digest() };
}

function readSeason(tree: SourceTree, year: string): SeasonSource {
  const folder = `data/seasons/${year}`;
  const raceFolders = tree.exists(`${folder}/races`) ? tree.list(`${folder}/races`, 'directories') : [];
  return {
    year: Number(year),
    entrants: tree.parseYaml(`${folder}/entrants.yml`, files.entrantsFile),
    driverStandings: tree.parseOptionalYaml(`${folder}/driver-standings.yml`, files.driverStandingsFile),
    constructorStandings: tree.parseOptionalYaml(`${folder}/constructor-standings.yml`, files.constructorStandingsFile),
    races: raceFolders.map((name) => readRace(tree, `${folder}/races/${name}`)),
  };
}

function readRace(tree: SourceTree, folder: string): RaceSource {
  return {
    race: tree.parseYaml(`${folder}/race.yml`, files.raceFile),
    raceResults: tree.parseOptionalYaml(`${folder}/race-results.yml`, files.raceResultsFile),
    sprintResults: tree.parseOptionalYaml(`${folder}/sprint-race-results.yml`, files.raceResultsFile),
    qualifying: readSessionFiles(tree, folder, qualifyingSessions, files.qualifyingResultsFile),
    practice: readSessionFiles(tree, folder, practiceSessions, files.practiceResultsFile),
    fastestLaps: tree.parseOptionalYaml(`${folder}/fastest-laps.yml`, files.fastestLapsFile),
    pitStops: tree.parseOptionalYaml(`${folder}/pit-stops.yml`, files.pitStopsFile),
    driverStandings: tree.parseOptionalYaml(`${folder}/driver-standings.yml`, files.driverStandingsFile),
    constructorStandings: tree.parseOptionalYaml(`${folder}/constructor-standings.yml`, files.constructorStandingsFile),
  };
}

/** The classification files of a race folder that exist, by session. */
function readSessionFiles<K extends string, S extends z.ZodType>(tree: SourceTree, folder: string, names: readonly K[], schema: S): Partial<Record<K, Of<S>>> {
  const sessions: Partial<Record<K, Of<S>>> = {};
  for (const session of names) {
    const results = tree.parseOptionalYaml(`${folder}/${sessionResultsFile(session)}`, schema);
    if (results) sessions[session] = results;
  }
  return sessions;
}

function readCircuitSvgs(tree: SourceTree, circuits: F1dbSource['circuits']): Map<string, Record<string, string>> {
  const svgs = new Map<string, Record<string, string>>();
  for (const { data: circuit } of circuits) {
    for (const layout of circuit.layouts) {
      const drawings: Record<string, string> = {};
      for (const variant of svgVariants) drawings[variant] = tree.readText(`assets/circuits/${variant}/${layout.id}.svg`);
      svgs.set(layout.id, drawings);
    }
  }
  return svgs;
}

/** File access relative to the tree's root, hashing every byte it reads. */
class SourceTree {
  private readonly root: string;
  private readonly hash: Hash = createHash('sha256');

  constructor(dir: string) {
    const nested = path.join(dir, 'src');
    this.root = fs.existsSync(path.join(nested, 'data')) ? nested : dir;
    if (!fs.existsSync(path.join(this.root, 'data'))) {
      throw new F1dbImportError(path.join(dir, 'data'), undefined, 'missing: not an F1DB source tree (expected data/ or src/data/)');
    }
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  exists(relative: string): boolean {
    return fs.existsSync(path.join(this.root, relative));
  }

  list(relative: string, kind: 'files' | 'directories'): string[] {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(this.root, relative), { withFileTypes: true });
    } catch {
      throw new F1dbImportError(relative, undefined, 'missing folder');
    }
    return entries
      .filter((entry) => (kind === 'files' ? entry.isFile() : entry.isDirectory()))
      .map((entry) => entry.name)
      .sort();
  }

  readText(relative: string): string {
    let content: Buffer;
    try {
      content = fs.readFileSync(path.join(this.root, relative));
    } catch {
      throw new F1dbImportError(relative, undefined, 'missing file');
    }
    this.hash.update(`${relative}\0`).update(content).update('\0');
    return content.toString('utf8');
  }

  parseFolder<S extends z.ZodType>(relative: string, schema: S): Of<S>[] {
    const names = this.list(relative, 'files').filter((name) => name.endsWith('.yml'));
    if (names.length === 0) throw new F1dbImportError(relative, undefined, 'no .yml files');
    return names.map((name) => this.parseYaml(`${relative}/${name}`, schema));
  }

  parseYaml<S extends z.ZodType>(relative: string, schema: S): Of<S> {
    const text = this.readText(relative);
    let document: unknown;
    try {
      // CORE_SCHEMA keeps dates and times such as 2025-03-16 and 04:00 as the strings they are.
      document = yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: relative });
    } catch (error) {
      throw new F1dbImportError(relative, undefined, `not valid YAML: ${(error as Error).message}`);
    }
    return { file: relative, data: validate(schema, document ?? emptyFor(schema), relative) };
  }

  parseOptionalYaml<S extends z.ZodType>(relative: string, schema: S): Of<S> | undefined {
    return this.exists(relative) ? this.parseYaml(relative, schema) : undefined;
  }

  parseJson<S extends z.ZodType>(relative: string, schema: S): z.infer<S> {
    const text = this.readText(relative);
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new F1dbImportError(relative, undefined, `not valid JSON: ${(error as Error).message}`);
    }
    return validate(schema, document, relative);
  }
}

/** An empty YAML file is an empty list for list files (F1DB has a few); for single-object files it stays null. */
function emptyFor(schema: z.ZodType): unknown {
  return schema.def.type === 'array' ? [] : null;
}

function validate<S extends z.ZodType>(schema: S, document: unknown, file: string): z.infer<S> {
  const result = schema.safeParse(document);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? fieldName(issue.path) : undefined;
  const value = issue.path.length > 0 ? valueAt(document, issue.path) : document;
  const got = value === undefined ? 'missing' : `got ${JSON.stringify(value)}`;
  throw new F1dbImportError(file, field, `${issue.message} (${got})`);
}

/** [3, "position"] → "[3].position", the way the file's rows are addressed. */
export function fieldName(segments: readonly PropertyKey[]): string {
  return segments.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : `${index > 0 ? '.' : ''}${String(segment)}`)).join('');
}

function valueAt(document: unknown, segments: readonly PropertyKey[]): unknown {
  let value: unknown = document;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}
