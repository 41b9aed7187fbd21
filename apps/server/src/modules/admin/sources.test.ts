import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditResponse, sourceCheckResponse, sourcesResponse } from '@slipstream/contract';
import { importF1db } from '../../ingest/f1db';
import type { ReadClassification } from '../../ingest/provisional/job';
import { archiveRaceRowsBeforePenalty, CHINA_2024, CHINA_RACE_FILES, tinyF1db, treeWithoutChina } from '../../ingest/provisional/provisional.fixtures';
import { signUpAndSignIn, type SignedInUser } from '../../test/accounts';
import type { RedisLink } from '../../lib/redis';
import { buildTestApp, type TestApp } from '../../test/app';
import { TestRedisServer, hasRedisServer, withoutRedisSaid, quietRedisLink } from '../../test/redis-server';
import { startReleaseServer, type ReleaseServer } from '../../test/release-server';
import { grantAdmin } from '../auth/service';

/** The archive's Chinese race: the fixture's classification with Perez and Norris swapped (a penalty came later). */
const chinaRace: ReadClassification = async (meeting, kind) =>
  meeting.raceId === CHINA_2024 && kind === 'RACE'
    ? { session: { path: '2024/china/race' }, final: true, raceResults: archiveRaceRowsBeforePenalty(), unmapped: [] }
    : undefined;

describe('the sources on the admin dashboard', () => {
  let t: TestApp;
  let releases: ReleaseServer;
  let admin: SignedInUser;
  const before = treeWithoutChina(CHINA_RACE_FILES);
  const as = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: admin.auth });
  const sources = async () => sourcesResponse.parse((await as('GET', '/api/admin/sources')).json());

  beforeAll(async () => {
    releases = await startReleaseServer();
    // Two hours after the Chinese race, which F1DB does not hold yet.
    t = await buildTestApp({
      now: '2024-04-21T11:00:00Z',
      config: { f1dbReleasesUrl: releases.releasesUrl },
      liveTiming: { read: chinaRace, url: 'http://livetiming.test', scheduled: false },
    });
    await importF1db(t.database.db, { dir: before.dir });
    admin = await signUpAndSignIn(t.app, t.database, 'boss@example.com');
    await grantAdmin(t.database.db, admin.email);
  });
  afterAll(async () => {
    await t.close();
    await releases.close();
    before.remove();
  });

  it('lists both sources, not yet checked, and nothing provisional', async () => {
    const answer = await sources();
    expect(answer.sources.map((s) => [s.source, s.label, s.url, s.scheduled, s.lastCheckAt])).toEqual([
      ['f1db-release', 'F1DB releases', releases.releasesUrl, false, null],
      ['live-timing', 'F1 live timing', 'http://livetiming.test', false, null],
    ]);
    expect(answer.provisionalRaces).toEqual([]);
    expect(answer.differences).toEqual([]);
  });

  it('checks live timing now: stores the race as provisional and counts the race still provisional', async () => {
    const response = await as('POST', '/api/admin/sources/live-timing/check');
    expect(response.statusCode).toBe(200);
    const { message, state } = sourceCheckResponse.parse(response.json());
    expect(message).toBe('Stored 2024 Chinese Grand Prix Race.');
    expect(state).toMatchObject({ version: '2024 Chinese Grand Prix Race', lastError: null });
    expect((await sources()).provisionalRaces).toEqual([{ raceId: 3, season: 2024, round: 2, meetingName: 'Chinese Grand Prix', sessions: ['RACE'] }]);
  });

  it('says when the F1DB release source cannot be reached, and changes nothing', async () => {
    const response = await as('POST', '/api/admin/sources/f1db-release/check');
    expect(response.statusCode).toBe(200);
    const { message, state } = sourceCheckResponse.parse(response.json());
    expect(message).toMatch(/^The last check failed; the data is unchanged\. .+ answered HTTP 404$/);
    expect(state).toMatchObject({ version: null, lastSuccessAt: null });
    expect((await sources()).provisionalRaces).toHaveLength(1);
  });

  it('checks F1DB now: imports the release, which confirms the race and logs the differences', async () => {
    await releases.publish('v2024.5.0', tinyF1db);
    const { message, state } = sourceCheckResponse.parse((await as('POST', '/api/admin/sources/f1db-release/check')).json());
    expect(message).toMatch(/^Imported v2024\.5\.0 \(\d+ rows changed, 3 provisional results corrected\)\.$/);
    expect(state).toMatchObject({ version: 'v2024.5.0' });
    const answer = await sources();
    expect(answer.provisionalRaces).toEqual([]);
    expect(answer.differences.map((d) => [d.meetingName, d.session, d.driverName, d.provisionalPosition, d.officialPosition])).toEqual(
      expect.arrayContaining([
        ['Chinese Grand Prix', 'RACE', 'Sergio Pérez', '2', '3'],
        ['Chinese Grand Prix', 'RACE', 'Lando Norris', '3', '2'],
      ]),
    );
  });

  it('records every check in the audit log', async () => {
    const entries = auditResponse.parse((await as('GET', '/api/admin/audit?action=source.check')).json()).entries;
    expect(entries.map((entry) => [entry.targetId, entry.actorEmail])).toEqual([
      ['f1db-release', 'boss@example.com'],
      ['f1db-release', 'boss@example.com'],
      ['live-timing', 'boss@example.com'],
    ]);
  });

  it('answers 400 for an unknown source', async () => {
    const response = await as('POST', '/api/admin/sources/ergast/check');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/source/);
  });
});

describe.skipIf(!hasRedisServer)(withoutRedisSaid('"Check now" on one of several instances sharing Redis'), () => {
  let redis: TestRedisServer;
  let link: RedisLink;
  let t: TestApp;
  let admin: SignedInUser;

  beforeAll(async () => {
    redis = await TestRedisServer.start();
    link = await quietRedisLink(redis.url);
    t = await buildTestApp({
      now: '2024-04-21T11:00:00Z',
      redis: link,
      liveTiming: { read: async () => undefined, url: 'http://livetiming.test', scheduled: false },
    });
    admin = await signUpAndSignIn(t.app, t.database, 'boss@example.com');
    await grantAdmin(t.database.db, admin.email);
  });
  afterAll(async () => {
    await t?.close();
    await link?.close();
    await redis?.kill();
  });

  it('says another instance is checking when that one holds the job', async () => {
    await link.client.set('slipstream:job-lock:live-timing', 'another-instance', 'PX', 60_000);
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/sources/live-timing/check', headers: admin.auth });
    expect(sourceCheckResponse.parse(response.json()).message).toBe(
      'Another instance of the site is checking this source now; its result shows here once it is done.',
    );

    await link.client.del('slipstream:job-lock:live-timing');
    const free = await t.app.inject({ method: 'POST', url: '/api/admin/sources/live-timing/check', headers: admin.auth });
    expect(sourceCheckResponse.parse(free.json()).message).not.toMatch(/Another instance/);
  });
});
