import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema';
import { inProcessEventBus, type BusEvent } from '../../lib/events';
import { openTestDatabase } from '../../test/database';
import { F1dbImportError, importF1db, type ImportSummary } from './index';
import { f1Tables } from './rows';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/tiny');

/** Every F1 table's rows, in a stable order: equal snapshots mean nothing changed. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(f1Tables)) {
    tables[name] = (await db.select().from(table)).map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

/** A scratch copy of the fixture tree, changed by edit, removed after the test file. */
const scratchDirs: string[] = [];
function editedFixture(edit: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'f1db-fixture-'));
  scratchDirs.push(dir);
  fs.cpSync(fixture, dir, { recursive: true });
  edit(dir);
  return dir;
}
afterAll(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function replaceIn(dir: string, file: string, from: string, to: string) {
  const full = path.join(dir, file);
  const text = fs.readFileSync(full, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  fs.writeFileSync(full, text.replace(from, to));
}

describe('importing the tiny F1DB fixture', () => {
  let database: Database;
  let db: Db;
  let summary: ImportSummary;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    summary = await importF1db(db, { dir: fixture });
  });
  afterAll(() => database.close());

  it('fills every table and counts what it wrote', async () => {
    expect(summary.counts).toEqual({
      countries: 11,
      circuits: 2,
      circuitLayouts: 2,
      grandsPrix: 2,
      drivers: 6,
      constructors: 3,
      engineManufacturers: 3,
      seasons: 2,
      seasonEntrantDrivers: 10,
      races: 3,
      raceSessions: 15,
      raceResults: 18,
      qualifyingResults: 18,
      practiceResults: 4,
      fastestLaps: 3,
      pitStops: 4,
      raceDriverStandings: 13,
      raceConstructorStandings: 7,
      seasonDriverStandings: 9,
      seasonConstructorStandings: 5,
      teamColours: 5,
      ergastAliases: 13,
      ergastIds: 12,
      ergastStatuses: 5,
    });
    const [results] = await db.select({ n: count() }).from(schema.raceResults);
    expect(results!.n).toBe(18);
    expect(summary.changedRows).toBe(Object.values(summary.counts).reduce((a, b) => a + b, 0));
    expect(summary.changes.raceResults).toEqual({ inserted: 18, updated: 0, deleted: 0 });
  });

  it('keeps a DNF as its text with no position number, and the row order as display order', async () => {
    const rows = await db
      .select()
      .from(schema.raceResults)
      .where(and(eq(schema.raceResults.raceId, 1), eq(schema.raceResults.session, 'RACE')))
      .orderBy(asc(schema.raceResults.positionDisplayOrder));
    expect(rows.map((row) => [row.positionDisplayOrder, row.positionNumber, row.positionText, row.driverId])).toEqual([
      [1, 1, '1', 'max-verstappen'],
      [2, 2, '2', 'sergio-perez'],
      [3, 3, '3', 'lando-norris'],
      [4, null, 'DNF', 'oscar-piastri'],
    ]);
    expect(rows[3]).toMatchObject({ reasonRetired: 'Electrical', points: null, laps: 13, driverNumber: '81', gridPosition: '4' });
    expect(rows[2]).toMatchObject({ gridPosition: 'PL', timePenalty: '5', gap: '+1 lap', points: 15 });
  });

  it('keeps a race’s pit stops in the order they happened, with their duration', async () => {
    const rows = await db.select().from(schema.pitStops).where(eq(schema.pitStops.raceId, 2)).orderBy(asc(schema.pitStops.positionDisplayOrder));
    expect(rows.map((row) => [row.driverId, row.stop, row.lap, row.time])).toEqual([
      ['sergio-perez', 1, 12, '24.516'],
      ['max-verstappen', 1, 17, '25.064'],
      ['sergio-perez', 2, 36, '24.563'],
      ['max-verstappen', 2, 37, '24.209'],
    ]);
  });

  it('reads each finishing status as Ergast’s status, with Ergast’s id', async () => {
    const statuses = await db.select().from(schema.ergastStatuses).orderBy(asc(schema.ergastStatuses.id));
    const byStatus = new Map(statuses.map((row) => [row.status, `${row.id} ${row.ergastStatus}`]));
    expect(byStatus.get('Finished')).toBe('1 Finished');
    expect(byStatus.get('Electrical')).toBe('10 Electrical');
    expect(statuses.every((row) => row.id < 1000 || /^\+\d+ Laps$/.test(row.status))).toBe(true);
  });

  it('keeps the Q1, Q2 and Q3 times of a knockout qualifying', async () => {
    const rows = await db
      .select()
      .from(schema.qualifyingResults)
      .where(and(eq(schema.qualifyingResults.raceId, 1), eq(schema.qualifyingResults.session, 'QUALIFYING')))
      .orderBy(asc(schema.qualifyingResults.positionDisplayOrder));
    expect(rows.map((row) => [row.driverId, row.q1, row.q2, row.q3])).toEqual([
      ['max-verstappen', '1:31.295', '1:30.503', '1:29.708'],
      ['sergio-perez', '1:31.479', '1:30.746', '1:29.846'],
      ['oscar-piastri', '1:31.652', '1:31.381', null],
      ['lando-norris', '1:32.101', null, null],
    ]);
  });

  it('imports a sprint weekend: sprint shootout, sprint and its timetable in UTC', async () => {
    const sprint = await db
      .select()
      .from(schema.raceResults)
      .where(and(eq(schema.raceResults.raceId, 3), eq(schema.raceResults.session, 'SPRINT')))
      .orderBy(asc(schema.raceResults.positionDisplayOrder));
    expect(sprint.map((row) => [row.positionText, row.driverId, row.points])).toEqual([
      ['1', 'max-verstappen', 8],
      ['2', 'charles-leclerc', 7],
      ['3', 'sergio-perez', 6],
      ['4', 'lando-norris', 5],
      ['DNF', 'oscar-piastri', null],
    ]);
    const shootout = await db
      .select()
      .from(schema.qualifyingResults)
      .where(and(eq(schema.qualifyingResults.raceId, 3), eq(schema.qualifyingResults.session, 'SPRINT_QUALIFYING')));
    expect(shootout).toHaveLength(5);
    const [race] = await db.select().from(schema.races).where(eq(schema.races.id, 3));
    expect(race).toMatchObject({ year: 2024, round: 2, sprintQualifyingFormat: 'SPRINT_SHOOTOUT', sprintRaceLaps: 19, date: '2024-04-21', time: '07:00' });
    const sessions = await db.select().from(schema.raceSessions).where(eq(schema.raceSessions.raceId, 3)).orderBy(asc(schema.raceSessions.startsAt));
    expect(sessions.map((session) => [session.kind, session.startsAt?.toISOString()])).toEqual([
      ['FREE_PRACTICE_1', '2024-04-19T03:30:00.000Z'],
      ['SPRINT_QUALIFYING', '2024-04-19T07:30:00.000Z'],
      ['SPRINT', '2024-04-20T03:00:00.000Z'],
      ['QUALIFYING', '2024-04-20T07:00:00.000Z'],
      ['RACE', '2024-04-21T07:00:00.000Z'],
    ]);
  });

  it('imports practice classifications: best lap, gaps and laps', async () => {
    const rows = await db
      .select()
      .from(schema.practiceResults)
      .where(eq(schema.practiceResults.raceId, 3))
      .orderBy(asc(schema.practiceResults.positionDisplayOrder));
    expect(rows.map((row) => [row.session, row.positionText, row.driverId, row.time, row.gap, row.interval, row.laps, row.source])).toEqual([
      ['FREE_PRACTICE_1', '1', 'max-verstappen', '1:37.810', null, null, 25, 'F1DB'],
      ['FREE_PRACTICE_1', '2', 'lando-norris', '1:38.101', '+0.291', '+0.291', 24, 'F1DB'],
      ['FREE_PRACTICE_1', '3', 'charles-leclerc', '1:38.452', '+0.642', '+0.351', 26, 'F1DB'],
      ['FREE_PRACTICE_1', '4', 'sergio-perez', null, null, null, 3, 'F1DB'],
    ]);
  });

  it('knows a session day without its hour', async () => {
    const [practice] = await db
      .select()
      .from(schema.raceSessions)
      .where(and(eq(schema.raceSessions.raceId, 1), eq(schema.raceSessions.kind, 'FREE_PRACTICE_3')));
    expect(practice).toEqual({ raceId: 1, kind: 'FREE_PRACTICE_3', date: '2023-03-04', startsAt: null });
  });

  it('reads entrants in all three shapes, with rounds as arrays', async () => {
    const rows = await db.select().from(schema.seasonEntrantDrivers).where(eq(schema.seasonEntrantDrivers.year, 2024));
    const byDriver = Object.fromEntries(rows.map((row) => [row.driverId, [row.entrantId, row.constructorId, row.rounds]]));
    expect(byDriver).toEqual({
      'lando-norris': ['mclaren-f1-team', 'mclaren', [1, 2]],
      'oscar-piastri': ['mclaren-f1-team', 'mclaren', [1, 2]],
      'max-verstappen': ['oracle-red-bull-racing', 'red-bull', [1, 2]],
      'sergio-perez': ['oracle-red-bull-racing', 'red-bull', [1, 2]],
      'charles-leclerc': ['scuderia-ferrari', 'ferrari', [2]],
    });
    const [reserve] = await db.select().from(schema.seasonEntrantDrivers).where(eq(schema.seasonEntrantDrivers.driverId, 'daniel-ricciardo'));
    expect(reserve).toMatchObject({ year: 2023, rounds: [], testDriver: true });
  });

  it('gives circuits their time zone and layouts their four drawings', async () => {
    const circuits = await db.select({ id: schema.circuits.id, timeZone: schema.circuits.timeZone }).from(schema.circuits).orderBy(asc(schema.circuits.id));
    expect(circuits).toEqual([
      { id: 'bahrain', timeZone: 'Asia/Bahrain' },
      { id: 'shanghai', timeZone: 'Asia/Shanghai' },
    ]);
    const [layout] = await db.select().from(schema.circuitLayouts).where(eq(schema.circuitLayouts.id, 'shanghai-1'));
    expect(Object.keys(layout!.svgs).sort()).toEqual(['black', 'black-outline', 'white', 'white-outline']);
    expect(layout!.svgs['white-outline']).toContain('data-layout="shanghai-1"');
  });

  it('loads team colours for the constructors of each imported season', async () => {
    const colours = await db.select().from(schema.teamColours).orderBy(asc(schema.teamColours.year), asc(schema.teamColours.constructorId));
    expect(colours.map((row) => `${row.year} ${row.constructorId}`)).toEqual(['2023 mclaren', '2023 red-bull', '2024 ferrari', '2024 mclaren', '2024 red-bull']);
    expect(colours.every((row) => /^#[0-9a-f]{6}$/.test(row.colour))).toBe(true);
  });

  it('records the import with its data version', async () => {
    expect(summary.version).toMatch(/^v6\.5\.0\+[0-9a-f]{12}$/);
    expect(summary.dataDate).toBe('2024-04-21');
    const [record] = await db.select().from(schema.dataImports);
    expect(record).toMatchObject({ source: 'F1DB', version: summary.version, changedRows: summary.changedRows, counts: summary.counts });
    expect(record!.dataDate.toISOString()).toBe('2024-04-21T00:00:00.000Z');
  });

  it('leaves the planner statistics of the tables it wrote', async () => {
    const analyzed = await db.execute(sql`select distinct tablename from pg_stats where schemaname = current_schema() and tablename in ('races', 'race_results')`);
    expect((analyzed as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename).sort()).toEqual(['race_results', 'races']);
  });

  it('changes nothing when the same data is imported again, and says so', async () => {
    const before = await snapshot(db);
    const again = await importF1db(db, { dir: fixture });
    expect(again).toMatchObject({ version: summary.version, changedRows: 0, changes: {}, counts: summary.counts });
    expect(await snapshot(db)).toEqual(before);
    const records = await db.select().from(schema.dataImports).orderBy(asc(schema.dataImports.id));
    expect(records.map((record) => record.changedRows)).toEqual([summary.changedRows, 0]);
  });
});

describe('importing changed F1DB data', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await importF1db(database.db, { dir: fixture });
  });
  afterAll(() => database.close());

  it('counts exactly the rows that changed, vanished or appeared', async () => {
    const dir = editedFixture((tree) => {
      replaceIn(tree, 'data/seasons/2024/races/02-china/race-results.yml', 'points: 12.5', 'points: 12');
      fs.rmSync(path.join(tree, 'data/seasons/2024/races/02-china/fastest-laps.yml'));
      replaceIn(tree, 'data/countries/monaco.yml', 'demonym: Monegasque', 'demonym: Monégasque');
      // Rewriting a file with the same content is no change.
      fs.writeFileSync(path.join(tree, 'data/countries/japan.yml'), fs.readFileSync(path.join(tree, 'data/countries/japan.yml'), 'utf8'));
    });
    const summary = await importF1db(database.db, { dir });
    expect(summary.changes).toEqual({
      countries: { inserted: 0, updated: 1, deleted: 0 },
      raceResults: { inserted: 0, updated: 1, deleted: 0 },
      fastestLaps: { inserted: 0, updated: 0, deleted: 1 },
    });
    expect(summary.changedRows).toBe(3);
    const back = await importF1db(database.db, { dir: fixture });
    expect(back.changes).toEqual({
      countries: { inserted: 0, updated: 1, deleted: 0 },
      raceResults: { inserted: 0, updated: 1, deleted: 0 },
      fastestLaps: { inserted: 1, updated: 0, deleted: 0 },
    });
  });
});

describe('an import beside provisional results', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await importF1db(database.db, { dir: fixture });
  });
  afterAll(() => database.close());

  const provisionalRow = (session: 'RACE' | 'SPRINT', positionDisplayOrder: number, driverId: string) => ({
    raceId: 3,
    session,
    positionDisplayOrder,
    positionNumber: positionDisplayOrder,
    positionText: String(positionDisplayOrder),
    driverNumber: '1',
    driverId,
    constructorId: 'red-bull',
    engineManufacturerId: 'honda-rbpt',
    source: 'LIVE_TIMING' as const,
    status: 'Finished',
  });

  it('replaces the provisional rows of the sessions it holds and keeps those of the sessions it does not', async () => {
    const { db } = database;
    // A provisional practice session F1DB does not hold, and a stray provisional row in a race it does hold.
    await db.insert(schema.practiceResults).values({ ...provisionalRow('RACE', 1, 'sergio-perez'), session: 'FREE_PRACTICE_2', time: '1:36.998', laps: 30 });
    await db.insert(schema.raceResults).values(provisionalRow('RACE', 9, 'sergio-perez'));

    const summary = await importF1db(db, { dir: fixture });
    expect(summary.changes.raceResults).toEqual({ inserted: 0, updated: 0, deleted: 1 });
    expect(summary.changes.practiceResults).toBeUndefined();
    const practice = await db.select().from(schema.practiceResults).where(eq(schema.practiceResults.session, 'FREE_PRACTICE_2'));
    expect(practice).toEqual([expect.objectContaining({ driverId: 'sergio-perez', source: 'LIVE_TIMING', time: '1:36.998' })]);
    const [race] = await db.select({ n: count() }).from(schema.raceResults).where(and(eq(schema.raceResults.raceId, 3), eq(schema.raceResults.session, 'RACE')));
    expect(race!.n).toBe(5);

    const again = await importF1db(db, { dir: fixture });
    expect(again.changedRows).toBe(0);
  });
});

describe('telling open pages about an import', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('publishes results-updated once an import changed rows, and nothing for an import that changed none', async () => {
    const events = inProcessEventBus();
    const heard: BusEvent[] = [];
    events.subscribe((event) => heard.push(event));

    const first = await importF1db(database.db, { dir: fixture, events });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ type: 'results-updated', data: { source: 'import', version: first.version } });
    expect(Number.isNaN(Date.parse(heard[0]!.data.at))).toBe(false);

    await importF1db(database.db, { dir: fixture, events });
    expect(heard).toHaveLength(1);
  });

  it('publishes nothing when the tree is refused', async () => {
    const events = inProcessEventBus();
    const heard: BusEvent[] = [];
    events.subscribe((event) => heard.push(event));
    const dir = editedFixture((tree) => {
      replaceIn(tree, 'data/countries/monaco.yml', 'demonym: Monegasque', 'demonym: Monégasque');
      fs.rmSync(path.join(tree, 'data/seasons/2024/races/01-bahrain/race.yml'));
    });
    await expect(importF1db(database.db, { dir, events })).rejects.toThrow(F1dbImportError);
    expect(heard).toEqual([]);
  });
});

describe('reading the tree', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('leaves the event loop turning while the files are read and checked (they are read in a thread of their own)', async () => {
    let turns = 0;
    let turnsWhileReading: number | undefined;
    let counting = true;
    const turn = () => {
      turns += 1;
      if (counting) setImmediate(turn);
    };
    setImmediate(turn);
    const onProgress = ({ done }: { done: number }) => {
      if (done === 0) turns = 0;
      else turnsWhileReading ??= turns;
    };
    await importF1db(database.db, { dir: fixture, onProgress }).finally(() => (counting = false));
    // Read on this thread, the files would leave only the few turns of the transaction's first statements.
    expect(turnsWhileReading).toBeGreaterThan(100);
  });
});

describe('a broken F1DB tree', () => {
  let database: Database;
  let before: Record<string, string[]>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await importF1db(database.db, { dir: fixture });
    before = await snapshot(database.db);
  });
  afterAll(() => database.close());

  const cases: { problem: string; edit: (dir: string) => void; file: string; field: string | undefined; message: RegExp }[] = [
    {
      problem: 'a field of the wrong type',
      edit: (dir) => replaceIn(dir, 'data/seasons/2024/races/02-china/race-results.yml', 'points: 25', 'points: lots'),
      file: 'data/seasons/2024/races/02-china/race-results.yml',
      field: '[0].points',
      message: /got "lots"/,
    },
    {
      problem: 'an unknown position code',
      edit: (dir) => replaceIn(dir, 'data/seasons/2023/races/01-bahrain/race-results.yml', 'position: DNF', 'position: RETIRED'),
      file: 'data/seasons/2023/races/01-bahrain/race-results.yml',
      field: '[3].position',
      message: /a position number or one of DNF/,
    },
    {
      problem: 'a missing required field',
      edit: (dir) => replaceIn(dir, 'data/seasons/2024/races/01-bahrain/race.yml', 'grandPrixId: bahrain\n', ''),
      file: 'data/seasons/2024/races/01-bahrain/race.yml',
      field: 'grandPrixId',
      message: /missing/,
    },
    {
      problem: 'a reference to an unknown driver',
      edit: (dir) => replaceIn(dir, 'data/seasons/2024/races/02-china/qualifying-results.yml', 'driverId: charles-leclerc', 'driverId: charles-leclair'),
      file: 'data/seasons/2024/races/02-china/qualifying-results.yml',
      field: '[2].driverId',
      message: /unknown driver "charles-leclair"/,
    },
    {
      problem: 'a driver listed twice for one entrant',
      edit: (dir) => replaceIn(dir, 'data/seasons/2024/entrants.yml', '      rounds: 1,2\n', '      rounds: 1,2\n    - driverId: sergio-perez\n      rounds: 2\n'),
      file: 'data/seasons/2024/entrants.yml',
      field: '[1].drivers[2].driverId',
      message: /sergio-perez is listed twice/,
    },
    {
      problem: 'a missing race.yml',
      edit: (dir) => fs.rmSync(path.join(dir, 'data/seasons/2024/races/01-bahrain/race.yml')),
      file: 'data/seasons/2024/races/01-bahrain/race.yml',
      field: undefined,
      message: /missing file/,
    },
    {
      problem: 'a missing circuit drawing',
      edit: (dir) => fs.rmSync(path.join(dir, 'assets/circuits/white/shanghai-1.svg')),
      file: 'assets/circuits/white/shanghai-1.svg',
      field: undefined,
      message: /missing file/,
    },
  ];

  it.each(cases)('rejects $problem, naming the file and field, and keeps the data', async ({ edit, file, field, message }) => {
    const dir = editedFixture((tree) => {
      // A valid change beside the broken one proves nothing at all was written.
      replaceIn(tree, 'data/countries/monaco.yml', 'demonym: Monegasque', 'demonym: Monégasque');
      edit(tree);
    });
    const error = await importF1db(database.db, { dir }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(F1dbImportError);
    expect(error).toMatchObject({ file, field });
    expect((error as Error).message).toContain(file);
    if (field) expect((error as Error).message).toContain(`field ${field}`);
    expect((error as Error).message).toMatch(message);
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('rolls back every table when a write fails midway', async () => {
    // The database now refuses any new fastest lap; countries are written before them in the same transaction.
    await database.db.execute(sql`alter table fastest_laps add constraint no_new_fastest_laps check (false) not valid`);
    try {
      const dir = editedFixture((tree) => {
        replaceIn(tree, 'data/countries/monaco.yml', 'demonym: Monegasque', 'demonym: Monégasque');
        replaceIn(tree, 'data/seasons/2023/races/01-bahrain/fastest-laps.yml', 'lap: 44', 'lap: 45');
      });
      const error = await importF1db(database.db, { dir }).catch((thrown: unknown) => thrown);
      expect(String((error as Error).cause ?? error)).toContain('no_new_fastest_laps');
    } finally {
      await database.db.execute(sql`alter table fastest_laps drop constraint no_new_fastest_laps`);
    }
    expect(await snapshot(database.db)).toEqual(before);
  });
});
