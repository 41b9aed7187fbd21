import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { fastestLaps, provisionalDifferences, raceConstructorStandings, raceDriverStandings, raceResults, timingDriverList } from '../../db/schema';
import { pinnedClock } from '../../lib/clock';
import { dataRevision } from '../../lib/cache';
import { withAdminPictures } from '../../modules/admin/people/community';
import { loadTeamColours } from '../../modules/f1/people';
import { noCommunityFacts } from '../../modules/f1/standings/community';
import { inProcessEventBus } from '../../lib/events';
import { openF1TestDatabase, sharedF1dbDir } from '../../test/f1-database';
import { startArchiveStandIn, type ArchiveStandIn } from '../../test/livetimingArchive';
import { importF1db } from '../f1db';
import { liveTimingSource } from './archive-reader';
import { createLiveTimingJob } from './job';

/** The 2025 Miami Grand Prix (round 6), whose sprint the recordings hold; the sprint ran 16:00-17:00 UTC on 3 May. */
const MIAMI = 1131;
const SPRINT_FOLDER = '2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/';
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the live-timing job reading the recorded archive through the stand-in', () => {
  let database: Database;
  let archive: ArchiveStandIn;
  const job = () => {
    const config = { ...loadConfig({ LIVETIMING_URL: archive.url }), dataDir: '' };
    const { read } = liveTimingSource({ config, db: database.db });
    return createLiveTimingJob({ db: database.db, clock: pinnedClock('2025-05-03T18:00:00Z'), events: inProcessEventBus(), log, read });
  };
  const storedSprint = () =>
    database.db.select().from(raceResults).where(and(eq(raceResults.raceId, MIAMI), eq(raceResults.session, 'SPRINT'))).orderBy(asc(raceResults.positionDisplayOrder));

  beforeAll(async () => {
    archive = await startArchiveStandIn();
    database = await openF1TestDatabase();
    // F1DB as it was after the sprint's qualifying: nothing of the weekend from the sprint on.
    for (const table of [raceResults, fastestLaps, raceDriverStandings, raceConstructorStandings]) await database.db.delete(table).where(eq(table.raceId, MIAMI));
  });
  afterAll(async () => {
    await database.close();
    await archive.close();
  });

  it('waits while the archive has no sprint yet, or only part of it', async () => {
    archive.set(SPRINT_FOLDER, { hidden: true });
    expect(await job().checkNow()).toMatchObject({ stored: [], waiting: ['2025 Miami Grand Prix Sprint'] });
    archive.set(SPRINT_FOLDER, { upToMs: 20 * 60_000 });
    expect(await job().checkNow()).toMatchObject({ stored: [], waiting: ['2025 Miami Grand Prix Sprint'] });
    expect(await storedSprint()).toEqual([]);
  });

  it('stores the final sprint as provisional, with its points and the standings after it', async () => {
    archive.release(SPRINT_FOLDER);
    expect(await job().checkNow()).toMatchObject({ stored: ['2025 Miami Grand Prix Sprint'], failed: [] });
    const stored = await storedSprint();
    expect(stored).toHaveLength(20);
    expect(stored.every((row) => row.source === 'LIVE_TIMING')).toBe(true);
    // The order at the flag, before the stewards' penalties: Albon fourth.
    expect(stored.slice(0, 9).map((row) => [row.positionText, row.driverId, row.points])).toEqual([
      ['1', 'lando-norris', 8],
      ['2', 'oscar-piastri', 7],
      ['3', 'lewis-hamilton', 6],
      ['4', 'alexander-albon', 5],
      ['5', 'george-russell', 4],
      ['6', 'lance-stroll', 3],
      ['7', 'liam-lawson', 2],
      ['8', 'oliver-bearman', 1],
      ['9', 'yuki-tsunoda', null],
    ]);
    const [leader] = await database.db.select().from(raceDriverStandings).where(eq(raceDriverStandings.raceId, MIAMI)).orderBy(asc(raceDriverStandings.positionDisplayOrder));
    expect(leader).toMatchObject({ driverId: 'oscar-piastri', points: 106, source: 'LIVE_TIMING' });
  });

  it("keeps the DriverList's headshot addresses and team colours, which the driver cards and team colours use", async () => {
    const rows = await database.db.select().from(timingDriverList).where(eq(timingDriverList.year, 2025));
    expect(rows).toHaveLength(20);
    expect(rows.find((row) => row.driverId === 'lando-norris')).toMatchObject({
      constructorId: 'mclaren',
      headshotUrl: 'https://media.formula1.com/d_driver_fallback_image.png/content/dam/fom-website/drivers/L/LANNOR01_Lando_Norris/lannor01.png.transform/1col/image.png',
      teamColour: '#FF8000',
      sessionPath: SPRINT_FOLDER,
    });
    const photos = await withAdminPictures(database.db, dataRevision({ commits: database.commits, events: inProcessEventBus() }), noCommunityFacts).driverPhotos(2025);
    expect(photos.get('kimi-antonelli')).toMatch(/^https:\/\/media\.formula1\.com\/.+\/andant01\.png/);

    await database.db.update(timingDriverList).set({ teamColour: '#F47600' }).where(eq(timingDriverList.constructorId, 'mclaren'));
    expect((await loadTeamColours(database.db, 2025)).mclaren).toBe('#F47600');
    expect((await loadTeamColours(database.db, 2024)).mclaren).toBe('#FF8000');
  });

  it('reads the driver list of the season\'s latest race when no session has given one yet', async () => {
    await database.db.delete(timingDriverList);
    const config = { ...loadConfig({ LIVETIMING_URL: archive.url }), dataDir: '' };
    const { read, readDriverList } = liveTimingSource({ config, db: database.db });
    // Between weekends: nothing is due, the British Grand Prix (6 July) was the latest race.
    const between = createLiveTimingJob({ db: database.db, clock: pinnedClock('2025-07-10T12:00:00Z'), events: inProcessEventBus(), log, read, readDriverList });
    expect(await between.checkNow()).toMatchObject({ stored: [], waiting: [], failed: [] });
    const rows = await database.db.select().from(timingDriverList).where(eq(timingDriverList.year, 2025));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.find((row) => row.driverId === 'max-verstappen')).toMatchObject({
      constructorId: 'red-bull',
      sessionPath: '2025/2025-07-06_British_Grand_Prix/2025-07-06_Race/',
      headshotUrl: expect.stringMatching(/^https:\/\/media\.formula1\.com\/.+maxver01/),
    });
  });

  it('gives way to F1DB, which logs the penalties given after the flag', async () => {
    const summary = await importF1db(database.db, { dir: sharedF1dbDir() });
    expect((await storedSprint()).every((row) => row.source === 'F1DB')).toBe(true);
    const differences = await database.db.select().from(provisionalDifferences).where(eq(provisionalDifferences.raceId, MIAMI));
    expect(differences).toHaveLength(summary.differences);
    expect(differences).toContainEqual(
      expect.objectContaining({ session: 'SPRINT', driverId: 'alexander-albon', provisionalPosition: '4', provisionalPoints: 5, officialPosition: '11' }),
    );
  });

});
