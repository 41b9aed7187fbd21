import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema';
import { inProcessEventBus, type BusEvent } from '../../lib/events';
import { openTestDatabase } from '../../test/database';
import { importF1db } from '../f1db';
import { refreshErgastStandings } from '../f1db/ergast-standings';
import type { StorableClassification } from './classification';
import { ClassificationRejected, storeClassification } from './store';
import { archiveRaceRowsBeforePenalty, CHINA_2024 as CHINA, CHINA_RACE_FILES, chinaRows, tinyF1db, treeWithoutChina } from './provisional.fixtures';

/** The China race as the archive would give it: no points; Perez and Norris swapped (a penalty came later). */
function archiveRace(): StorableClassification {
  return {
    session: { path: '2024/2024-04-21_Chinese_Grand_Prix/2024-04-21_Race/' },
    final: true,
    raceResults: archiveRaceRowsBeforePenalty(),
    fastestLaps: chinaRows('fastest-laps.yml'),
    unmapped: [],
  };
}

/** The Ergast API's standings lists follow what was written: refreshing them again changes nothing. */
async function expectErgastStandingsCurrent(db: Db) {
  expect(await db.transaction((tx) => refreshErgastStandings(tx))).toBe(0);
}

const standingsOf = (db: Db) =>
  db.select().from(schema.raceDriverStandings).where(eq(schema.raceDriverStandings.raceId, CHINA)).orderBy(asc(schema.raceDriverStandings.positionDisplayOrder));

describe('storing a live-timing classification as provisional results', () => {
  let database: Database;
  let db: Db;
  const before = treeWithoutChina([...CHINA_RACE_FILES, 'free-practice-1-results.yml']);
  const events = inProcessEventBus();
  const heard: BusEvent[] = [];
  events.subscribe((event) => heard.push(event));
  const store = (target: Parameters<typeof storeClassification>[1], classification: StorableClassification) =>
    storeClassification({ db, events }, target, classification);

  beforeAll(async () => {
    // F1DB before the Chinese race was added to it: the weekend up to the sprint and qualifying.
    database = await openTestDatabase();
    db = database.db;
    await importF1db(db, { dir: before.dir });
  });
  afterAll(async () => {
    await database.close();
    before.remove();
  });

  it('stores the race with the points of the season and the standings after the round', async () => {
    const outcome = await store({ raceId: CHINA, session: 'RACE' }, archiveRace());
    expect(outcome.status).toBe('stored');
    const rows = await db.select().from(schema.raceResults).where(and(eq(schema.raceResults.raceId, CHINA), eq(schema.raceResults.session, 'RACE'))).orderBy(asc(schema.raceResults.positionDisplayOrder));
    // 2024: 25-18-15-12, and the fastest lap's point to Norris, classified in the top ten.
    expect(rows.map((row) => [row.positionText, row.driverId, row.points, row.source])).toEqual([
      ['1', 'max-verstappen', 25, 'LIVE_TIMING'],
      ['2', 'sergio-perez', 18, 'LIVE_TIMING'],
      ['3', 'lando-norris', 16, 'LIVE_TIMING'],
      ['4', 'charles-leclerc', 12, 'LIVE_TIMING'],
      ['DNF', 'oscar-piastri', null, 'LIVE_TIMING'],
    ]);
    expect(rows[4]).toMatchObject({ reasonRetired: 'Suspension', laps: 33, gridPosition: '4', status: 'Suspension' });
    expect(rows[0]!.status).toBe('Finished');
    const laps = await db.select().from(schema.fastestLaps).where(eq(schema.fastestLaps.raceId, CHINA));
    expect(laps).toEqual([expect.objectContaining({ driverId: 'lando-norris', lap: 55, time: '1:37.810', source: 'LIVE_TIMING' })]);

    // After Bahrain (F1DB), plus the official sprint and the provisional race.
    const drivers = await standingsOf(db);
    expect(drivers.map((row) => [row.positionText, row.driverId, row.points, row.source])).toEqual([
      ['1', 'max-verstappen', 59, 'LIVE_TIMING'],
      ['2', 'sergio-perez', 42, 'LIVE_TIMING'],
      ['3', 'lando-norris', 33, 'LIVE_TIMING'],
      ['4', 'charles-leclerc', 19, 'LIVE_TIMING'],
      ['5', 'oscar-piastri', 15, 'LIVE_TIMING'],
    ]);
    const teams = await db.select().from(schema.raceConstructorStandings).where(eq(schema.raceConstructorStandings.raceId, CHINA)).orderBy(asc(schema.raceConstructorStandings.positionDisplayOrder));
    expect(teams.map((row) => [row.positionText, row.constructorId, row.points])).toEqual([
      ['1', 'red-bull', 101],
      ['2', 'mclaren', 48],
      ['3', 'ferrari', 19],
    ]);
    await expectErgastStandingsCurrent(db);
    const ergast = await db.select().from(schema.ergastDriverStandings).where(eq(schema.ergastDriverStandings.raceId, CHINA));
    expect(ergast.map((row) => row.source)).toContain('LIVE_TIMING');
  });

  it('moves the cache version and tells open pages, once', async () => {
    const imports = await db.select().from(schema.dataImports).orderBy(asc(schema.dataImports.id));
    expect(imports.at(-1)).toMatchObject({ source: schema.LIVE_TIMING_IMPORT, version: '2024/2024-04-21_Chinese_Grand_Prix/2024-04-21_Race/' });
    expect(heard.map((event) => event.data)).toEqual([expect.objectContaining({ source: 'live-timing', version: '2024/2024-04-21_Chinese_Grand_Prix/2024-04-21_Race/' })]);
  });

  it('changes nothing when the same classification comes again', async () => {
    const before = await db.select().from(schema.dataImports);
    expect(await store({ raceId: CHINA, session: 'RACE' }, archiveRace())).toEqual({ status: 'unchanged', changedRows: 0 });
    expect(await db.select().from(schema.dataImports)).toHaveLength(before.length);
    expect(heard).toHaveLength(1);
  });

  it('replaces a stored classification that changed', async () => {
    const changed = archiveRace();
    changed.raceResults = changed.raceResults!.map((row) => (row.driverId === 'oscar-piastri' ? { ...row, reasonRetired: 'Gearbox' } : row));
    expect((await store({ raceId: CHINA, session: 'RACE' }, changed)).status).toBe('stored');
    const [piastri] = await db.select().from(schema.raceResults).where(and(eq(schema.raceResults.raceId, CHINA), eq(schema.raceResults.driverId, 'oscar-piastri'), eq(schema.raceResults.session, 'RACE')));
    expect(piastri).toMatchObject({ reasonRetired: 'Gearbox', status: 'Gearbox' });
    await expectErgastStandingsCurrent(db);
    expect(heard).toHaveLength(2);
  });

  it('stores practice as provisional, and leaves a session F1DB already holds alone', async () => {
    const practice: StorableClassification = { session: { path: 'fp1' }, final: true, unmapped: [], practiceResults: chinaRows('free-practice-1-results.yml') };
    expect((await store({ raceId: CHINA, session: 'FREE_PRACTICE_1' }, practice)).status).toBe('stored');
    const qualifying: StorableClassification = { session: { path: 'q' }, final: true, unmapped: [], qualifyingResults: chinaRows('qualifying-results.yml') };
    expect(await store({ raceId: CHINA, session: 'QUALIFYING' }, qualifying)).toEqual({ status: 'official', changedRows: 0 });
  });

  it('refuses a classification with an unknown driver, a driver twice or no rows, and writes nothing', async () => {
    const before = await db.select().from(schema.raceResults);
    const unknown = archiveRace();
    unknown.raceResults![0] = { ...unknown.raceResults![0]!, driverId: 'nobody-known' };
    await expect(store({ raceId: CHINA, session: 'RACE' }, unknown)).rejects.toThrow(new ClassificationRejected('Unknown drivers: nobody-known'));
    const twice = archiveRace();
    twice.raceResults![1] = { ...twice.raceResults![1]!, driverId: 'max-verstappen' };
    await expect(store({ raceId: CHINA, session: 'RACE' }, twice)).rejects.toThrow(/list max-verstappen twice/);
    await expect(store({ raceId: CHINA, session: 'RACE' }, { ...archiveRace(), raceResults: [] })).rejects.toThrow(/has no race results/);
    await expect(store({ raceId: 999, session: 'RACE' }, archiveRace())).rejects.toThrow(/No race 999/);
    expect(await db.select().from(schema.raceResults)).toEqual(before);
  });

  it('gives way to the F1DB import, which logs where the official classification differs', async () => {
    const summary = await importF1db(db, { dir: tinyF1db });
    expect(summary.differences).toBe(3);
    const rows = await db.select().from(schema.raceResults).where(and(eq(schema.raceResults.raceId, CHINA), eq(schema.raceResults.session, 'RACE')));
    expect(rows.every((row) => row.source === 'F1DB')).toBe(true);
    expect((await standingsOf(db)).every((row) => row.source === 'F1DB')).toBe(true);
    expect((await db.select().from(schema.practiceResults)).every((row) => row.source === 'F1DB')).toBe(true);
    await expectErgastStandingsCurrent(db);
    const differences = await db.select().from(schema.provisionalDifferences).orderBy(asc(schema.provisionalDifferences.driverId));
    // The fixture's own numbers: F1DB gave Leclerc 12.5 and Norris no fastest-lap point.
    expect(differences.map((d) => [d.session, d.driverId, d.provisionalPosition, d.officialPosition, d.provisionalPoints, d.officialPoints])).toEqual([
      ['RACE', 'charles-leclerc', '4', '4', 12, 12.5],
      ['RACE', 'lando-norris', '3', '2', 16, 18],
      ['RACE', 'sergio-perez', '2', '3', 18, 15],
    ]);

    const again = await importF1db(db, { dir: tinyF1db });
    expect(again).toMatchObject({ changedRows: 0, differences: 0 });
  });
});
