import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { adjustableClock } from '../../lib/clock';
import { inProcessEventBus } from '../../lib/events';
import { redisJobLock, type JobLock } from '../../lib/job-lock';
import type { RedisLink } from '../../lib/redis';
import { openTestDatabase } from '../../test/database';
import { quietRedisLink } from '../../test/redis-server';
import { importF1db } from '../f1db';
import { readSourceStatus } from '../source-status';
import type { ArchiveSessionKind } from '../livetiming';
import type { StorableClassification } from './classification';
import { createLiveTimingJob, type ReadClassification, type ReadTiming } from './job';
import { archiveRaceRows as raceRows, CHINA_RACE_FILES, treeWithoutChina } from './provisional.fixtures';

/** The Chinese race of the fixture starts at 07:00 UTC and is taken to run two hours. */
const RACE_END = Date.parse('2024-04-21T09:00:00Z');
const MINUTE = 60_000;

const classification = (final: boolean, overrides: Partial<StorableClassification> = {}): StorableClassification => ({
  session: { path: '2024/2024-04-21_Chinese_Grand_Prix/2024-04-21_Race/' },
  final,
  raceResults: raceRows(),
  unmapped: [],
  ...overrides,
});

/** The archive as the job sees it: answers given in turn, and every read it was asked for. */
function archive(...answers: (StorableClassification | undefined | Error)[]) {
  const reads: { raceId: number; kind: ArchiveSessionKind }[] = [];
  const read: ReadClassification = async (meeting, kind) => {
    reads.push({ raceId: meeting.raceId, kind });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { read, reads };
}

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A test database holding the fixture's F1DB before the Chinese race reached it, for the tests of a describe. */
function databaseBeforeChinaRace(): { readonly db: Database['db'] } {
  let database: Database;
  const before = treeWithoutChina(CHINA_RACE_FILES);
  beforeAll(async () => {
    database = await openTestDatabase();
    await importF1db(database.db, { dir: before.dir });
  });
  afterAll(async () => {
    await database.close();
    before.remove();
  });
  return {
    get db() {
      return database.db;
    },
  };
}

describe('the live-timing job', () => {
  const clock = adjustableClock(undefined);
  const opened = databaseBeforeChinaRace();

  const jobWith = (read: ReadClassification, readTiming?: ReadTiming) => createLiveTimingJob({ db: opened.db, clock, events: inProcessEventBus(), log, read, readTiming });
  const storedRace = () =>
    opened.db.select().from(schema.raceResults).where(and(eq(schema.raceResults.raceId, 3), eq(schema.raceResults.session, 'RACE')));

  it('reads nothing before a session has ended, nor six hours after', async () => {
    const { read, reads } = archive(classification(true));
    clock.set(new Date(RACE_END - MINUTE));
    expect(await jobWith(read).checkNow()).toEqual({ stored: [], waiting: [], failed: [] });
    clock.set(new Date(RACE_END + 6 * 60 * MINUTE));
    await jobWith(read).checkNow();
    expect(reads).toEqual([]);
    const status = (await readSourceStatus(opened.db)).get('live-timing');
    expect(status).toMatchObject({ detail: 'No session ended within the watch window: nothing to read.', lastError: null });
  });

  it('reads the ended session until its classification is final, then stores it, reads its timing once and stops reading it', async () => {
    clock.set(new Date(RACE_END + 5 * MINUTE));
    const { read, reads } = archive(undefined, classification(false), classification(true), classification(true));
    const timingReads: { raceId: number; kind: ArchiveSessionKind }[] = [];
    const job = jobWith(read, async (meeting, kind) => void timingReads.push({ raceId: meeting.raceId, kind }));
    expect(await job.tick()).toEqual({ stored: [], waiting: ['2024 Chinese Grand Prix Race'], failed: [] });
    expect((await readSourceStatus(opened.db)).get('live-timing')?.detail).toBe('Waiting for the final classification of 2024 Chinese Grand Prix Race.');
    expect(await job.tick()).toMatchObject({ waiting: ['2024 Chinese Grand Prix Race'] });
    expect(await storedRace()).toEqual([]);
    expect(timingReads).toEqual([]);

    expect(await job.tick()).toEqual({ stored: ['2024 Chinese Grand Prix Race'], waiting: [], failed: [] });
    expect(timingReads).toEqual([{ raceId: 3, kind: 'RACE' }]);
    expect(reads).toEqual([
      { raceId: 3, kind: 'RACE' },
      { raceId: 3, kind: 'RACE' },
      { raceId: 3, kind: 'RACE' },
    ]);
    expect((await storedRace()).map((row) => [row.driverId, row.source])).toEqual([
      ['max-verstappen', 'LIVE_TIMING'],
      ['lando-norris', 'LIVE_TIMING'],
      ['sergio-perez', 'LIVE_TIMING'],
      ['charles-leclerc', 'LIVE_TIMING'],
      ['oscar-piastri', 'LIVE_TIMING'],
    ]);
    const status = (await readSourceStatus(opened.db)).get('live-timing')!;
    expect(status).toMatchObject({ version: '2024 Chinese Grand Prix Race', detail: 'Stored 2024 Chinese Grand Prix Race.' });
    expect(status.lastSuccessAt).toBeInstanceOf(Date);
    expect(status.nextCheckAt!.getTime()).toBeGreaterThan(status.lastCheckAt!.getTime());

    await job.tick();
    expect(reads).toHaveLength(3);
    expect(timingReads).toHaveLength(1);
  });
});

describe('the live-timing job when the archive misbehaves', () => {
  const clock = adjustableClock(new Date(RACE_END + 10 * MINUTE));
  const opened = databaseBeforeChinaRace();

  it('backs off a session whose reads fail and says why, until asked to check now', async () => {
    const { read, reads } = archive(new Error('livetiming.formula1.com could not be reached'), classification(true));
    const job = createLiveTimingJob({ db: opened.db, clock, events: inProcessEventBus(), log, read });
    expect(await job.tick()).toEqual({ stored: [], waiting: [], failed: ['2024 Chinese Grand Prix Race'] });
    const status = (await readSourceStatus(opened.db)).get('live-timing')!;
    expect(status.lastError).toBe('2024 Chinese Grand Prix Race: livetiming.formula1.com could not be reached');
    expect(status.lastErrorAt).toBeInstanceOf(Date);

    // The next minute's check skips the session: its next read waits two minutes.
    expect(await job.tick()).toEqual({ stored: [], waiting: ['2024 Chinese Grand Prix Race'], failed: [] });
    expect(reads).toHaveLength(1);
    expect(await job.checkNow()).toMatchObject({ stored: ['2024 Chinese Grand Prix Race'] });
    expect(reads).toHaveLength(2);
  });

  it('stores a classification without the drivers it could not map, and reports them', async () => {
    await opened.db.delete(schema.raceResults).where(and(eq(schema.raceResults.raceId, 3), eq(schema.raceResults.session, 'RACE')));
    const withoutPiastri = raceRows().filter((row) => row.driverId !== 'oscar-piastri');
    const warnings: unknown[] = [];
    const { read } = archive(classification(true, { raceResults: withoutPiastri, unmapped: [{ racingNumber: '81', name: 'O PIASTRI' }] }));
    const job = createLiveTimingJob({ db: opened.db, clock, events: inProcessEventBus(), log: { ...log, warn: (entry: unknown) => warnings.push(entry) }, read });
    expect(await job.checkNow()).toMatchObject({ stored: ['2024 Chinese Grand Prix Race'] });
    expect(warnings).toEqual([expect.objectContaining({ unmapped: [{ racingNumber: '81', name: 'O PIASTRI' }] })]);
    expect((await readSourceStatus(opened.db)).get('live-timing')?.lastError).toBe('2024 Chinese Grand Prix Race: no entrant matches #81 O PIASTRI');
    const stored = await opened.db.select().from(schema.raceResults).where(and(eq(schema.raceResults.raceId, 3), eq(schema.raceResults.session, 'RACE')));
    expect(stored.map((row) => row.driverId)).not.toContain('oscar-piastri');
  });
  it('keeps a stored classification when its timing cannot be read, and says why', async () => {
    await opened.db.delete(schema.raceResults).where(and(eq(schema.raceResults.raceId, 3), eq(schema.raceResults.session, 'RACE')));
    const { read } = archive(classification(true));
    const readTiming = async () => {
      throw new Error('TimingData.jsonStream could not be read');
    };
    const job = createLiveTimingJob({ db: opened.db, clock, events: inProcessEventBus(), log, read, readTiming });
    expect(await job.checkNow()).toMatchObject({ stored: ['2024 Chinese Grand Prix Race'], failed: [] });
    expect((await readSourceStatus(opened.db)).get('live-timing')?.lastError).toBe('2024 Chinese Grand Prix Race timing: TimingData.jsonStream could not be read');
  });
});

describe('the live-timing job on two instances sharing Redis', () => {
  const clock = adjustableClock(new Date(RACE_END + 5 * MINUTE));
  const opened = databaseBeforeChinaRace();
  const links: RedisLink[] = [];

  const instance = async () => {
    const link = await quietRedisLink(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    links.push(link);
    return link;
  };
  afterAll(async () => {
    await Promise.all(links.map((link) => link.close()));
  });

  it('reads the archive on one instance only while the other is checking', async () => {
    const lockA = redisJobLock(await instance());
    const lockB = redisJobLock(await instance());
    let reads = 0;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const read: ReadClassification = async () => {
      reads += 1;
      await answered;
      return undefined;
    };
    const jobOn = (lock: JobLock) => createLiveTimingJob({ db: opened.db, clock, events: inProcessEventBus(), log, read, lock });
    const onA = jobOn(lockA).checkNow();
    await expect.poll(() => reads).toBe(1);
    expect(await jobOn(lockB).checkNow()).toEqual({ stored: [], waiting: [], failed: [] });
    answer();
    expect(await onA).toMatchObject({ waiting: ['2024 Chinese Grand Prix Race'] });
    expect(reads).toBe(1);
    // Free again: the other instance reads.
    await jobOn(lockB).checkNow();
    expect(reads).toBe(2);
  });
});
