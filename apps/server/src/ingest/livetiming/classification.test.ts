import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openF1TestDatabase } from '../../test/f1-database';
import { startArchiveStandIn, type ArchiveStandIn } from '../../test/livetimingArchive';
import {
  createArchiveClient,
  loadArchiveEntrants,
  LiveTimingUnavailable,
  parseOffset,
  readArchiveClassification,
  type ArchiveClient,
  type ArchiveEntrant,
  type ArchiveSession,
} from './index';

const miamiSprint: ArchiveSession = {
  year: 2025,
  kind: 'SPRINT_RACE',
  path: '2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/',
  meetingName: 'Miami Grand Prix',
  sessionName: 'Sprint',
};
const spainQualifying: ArchiveSession = {
  year: 2024,
  kind: 'QUALIFYING',
  path: '2024/2024-06-23_Spanish_Grand_Prix/2024-06-22_Qualifying/',
  meetingName: 'Spanish Grand Prix',
  sessionName: 'Qualifying',
};

/** The archive while a session runs: the stand-in serves each stream only up to a moment of the session. */
describe('a classification read while the session is still on, or the archive fails', () => {
  let database: Database;
  let archive: ArchiveStandIn;
  let client: ArchiveClient;
  let miami: ArchiveEntrant[];
  let spain: ArchiveEntrant[];
  beforeAll(async () => {
    database = await openF1TestDatabase();
    archive = await startArchiveStandIn();
    client = createArchiveClient({ baseUrl: archive.url });
    miami = await loadArchiveEntrants(database.db, 2025, 6);
    spain = await loadArchiveEntrants(database.db, 2024, 10);
  });
  afterAll(async () => {
    await archive.close();
    await database.close();
  });
  beforeEach(() => {
    for (const session of [miamiSprint, spainQualifying]) archive.release(session.path);
  });

  const upTo = (time: string) => ({ upToMs: parseOffset(time)! });
  const order = (rows: { driverId: string }[] | undefined) => rows?.map((row) => row.driverId);

  it('mid-race: the running order, not final', async () => {
    archive.set(miamiSprint.path, upTo('01:30:00.000'));
    const running = await readArchiveClassification(client, miamiSprint, miami);
    expect(running.final).toBe(false);
    expect(running.raceResults).toHaveLength(20);
    expect(running.raceResults![0]!.laps).toBeLessThan(18);
    expect(running.raceResults!.find((row) => row.driverId === 'charles-leclerc')?.position).toBe('DNS');
  });

  it('after the chequered flag but before the timing is finalised: the final order, still not final', async () => {
    archive.set(miamiSprint.path, upTo('01:50:00.000'));
    const finished = await readArchiveClassification(client, miamiSprint, miami);
    archive.release(miamiSprint.path);
    const finalised = await readArchiveClassification(client, miamiSprint, miami);
    expect(finished.final).toBe(false);
    expect(finalised.final).toBe(true);
    expect(order(finished.raceResults)).toEqual(order(finalised.raceResults));
    expect(finalised.raceResults![0]).toMatchObject({ position: 1, driverId: 'lando-norris', laps: 18, gridPosition: 3 });
  });

  it('mid-qualifying: Q1 times, no Q3 yet, not final', async () => {
    archive.set(spainQualifying.path, upTo('00:45:00.000'));
    const rows = (await readArchiveClassification(client, spainQualifying, spain)).qualifyingResults!;
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.q1 !== null && row.q3 === null)).toBe(true);
  });

  it('counts as final once SessionInfo says the archive is complete', async () => {
    archive.set(`${spainQualifying.path}SessionStatus.jsonStream`, { hidden: true });
    expect((await readArchiveClassification(client, spainQualifying, spain)).final).toBe(false);
    archive.set(`${spainQualifying.path}SessionInfo.json`, { body: '{"ArchiveStatus":{"Status":"Complete"},"Name":"Qualifying"}' });
    expect((await readArchiveClassification(client, spainQualifying, spain)).final).toBe(true);
    archive.release(`${spainQualifying.path}SessionStatus.jsonStream`);
    archive.release(`${spainQualifying.path}SessionInfo.json`);
  });

  it('before the timing is published: no rows, not final', async () => {
    archive.set(`${miamiSprint.path}TimingData`, { hidden: true });
    const early = await readArchiveClassification(client, miamiSprint, miami);
    expect(early).toMatchObject({ final: false, unmapped: [] });
    expect(early.raceResults).toBeUndefined();
    archive.release(`${miamiSprint.path}TimingData`);
  });

  it('fails with LiveTimingUnavailable when the archive errs', async () => {
    archive.set(`${miamiSprint.path}TimingData.jsonStream`, { status: 503 });
    await expect(readArchiveClassification(client, miamiSprint, miami)).rejects.toBeInstanceOf(LiveTimingUnavailable);
    archive.release(`${miamiSprint.path}TimingData.jsonStream`);
  });

  it('reports the drivers it cannot map and stores none of their rows', async () => {
    const withoutNorris = miami.filter((row) => row.driverId !== 'lando-norris');
    const classification = await readArchiveClassification(client, miamiSprint, withoutNorris);
    expect(classification.unmapped).toEqual([{ racingNumber: '4', name: 'Lando Norris' }]);
    expect(classification.raceResults).toHaveLength(19);
    expect(classification.raceResults![0]).toMatchObject({ position: 2, driverId: 'oscar-piastri' });
    expect(classification.fastestLaps!.some((row) => row.driverNumber === 4)).toBe(false);
  });
});
