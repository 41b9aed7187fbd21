import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enteredTimeToUtc,
  seasonEventsResponse,
  type EventTrackerResponse,
  type LiveCentreResponse,
  type NextMeetingResponse,
  type SeasonScheduleResponse,
} from '@slipstream/contract';
import { auditEntries, sessionOverrides } from '../../../db/schema';
import { importF1db } from '../../../ingest/f1db';
import { signUpAndSignIn, type SignedInUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { openTestDatabase } from '../../../test/database';
import { SEED, openSeededDatabase } from '../../../test/f1-seed';
import { grantAdmin } from '../../auth/service';
import { expectRefusal } from '../../../test/refusal';

const BASE = '/api/admin/season-events';
const CHINA = SEED.china2025;
// China 2025 (Shanghai, UTC+8): practice 1 at 03:30Z on 2025-03-21 is the next session at this instant.
const NOW = '2025-03-20T12:00:00Z';

let t: TestApp;
let user: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW, database: await openSeededDatabase() });
  user = await signUpAndSignIn(t.app, t.database, 'fan@example.com');
  admin = await signUpAndSignIn(t.app, t.database, 'boss@example.com');
  await grantAdmin(t.database.db, 'boss@example.com');
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const asAdmin = (call: Call) => t.app.inject({ ...call, headers: admin.auth });
const move = (kind: string, payload: object) => asAdmin({ method: 'PUT', url: `${BASE}/sessions/${CHINA}/${kind}/start`, payload });
const revert = (kind: string) => asAdmin({ method: 'DELETE', url: `${BASE}/sessions/${CHINA}/${kind}/override` });

async function getJson<T>(url: string): Promise<T> {
  const response = await t.app.inject(url);
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}
const heroTimetable = async () => (await getJson<EventTrackerResponse>('/api/event-tracker')).data[0]!.meetingContext.timetables;
const scheduleChina = async () =>
  (await getJson<SeasonScheduleResponse>('/api/seasons/2025/meetings')).meetings.find((m) => m.raceId === CHINA)!;
const liveTimetable = async () => (await getJson<LiveCentreResponse>('/api/live/centre')).meeting!.timetables;
const entry = <T extends { session: string }>(entries: T[], kind: string) => entries.find((e) => e.session === kind);
const lastAudit = async () => (await t.database.db.select().from(auditEntries).orderBy(desc(auditEntries.id)).limit(1))[0];

describe('guards', () => {
  const calls: Call[] = [
    { method: 'GET', url: BASE },
    { method: 'POST', url: `${BASE}/sessions`, payload: { raceId: CHINA, kind: 'FREE_PRACTICE_2', date: '2025-03-21', time: '10:00', zone: 'utc' } },
    { method: 'PUT', url: `${BASE}/sessions/${CHINA}/FREE_PRACTICE_1/start`, payload: { date: '2025-03-21', time: '10:00', zone: 'utc' } },
    { method: 'PUT', url: `${BASE}/sessions/${CHINA}/SPRINT/cancelled`, payload: { cancelled: true } },
    { method: 'DELETE', url: `${BASE}/sessions/${CHINA}/SPRINT` },
    { method: 'DELETE', url: `${BASE}/sessions/${CHINA}/SPRINT/override` },
  ];
  it.each(calls)('$method $url: 401 without a token, 403 for a plain user', async (call) => {
    expect((await t.app.inject(call)).statusCode).toBe(401);
    const plain = await t.app.inject({ ...call, headers: user.auth });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe('You are not the admin');
  });
  it('changed nothing on the way', async () => {
    expect((await t.database.db.select({ n: count() }).from(sessionOverrides))[0]!.n).toBe(0);
  });
});

describe('validation', () => {
  it.each([
    [{ date: '2025-02-30', time: '10:00', zone: 'utc' }, /^Invalid date: no such day/],
    [{ date: '21/03/2025', time: '10:00', zone: 'utc' }, /^Invalid date: a date like/],
    [{ date: '2025-03-21', time: '24:00', zone: 'utc' }, /^Invalid time: a time like 14:00/],
    [{ date: '2025-03-21', time: '10:00', zone: 'mars' }, /^Invalid zone/],
    [{ date: '2024-12-31', time: '23:00', zone: 'utc' }, /^Invalid date: the session must fall in the 2025 season/],
    [{ date: '2025-01-01', time: '02:00', zone: 'circuit' }, /^Invalid date: the session must fall in the 2025 season/],
  ])('refuses %j with a 400 and a message', async (payload, message) => {
    expectRefusal(await move('FREE_PRACTICE_1', payload), 400, message);
  });

  it('refuses an unknown session kind, race or season', async () => {
    expectRefusal(await move('FREE_PRACTICE_9', { date: '2025-03-21', time: '10:00', zone: 'utc' }), 400, /^Invalid kind/);
    const race = await asAdmin({ method: 'PUT', url: `${BASE}/sessions/999999/RACE/start`, payload: { date: '2025-03-21', time: '10:00', zone: 'utc' } });
    expect(race.statusCode).toBe(404);
    const season = await asAdmin({ method: 'GET', url: `${BASE}?season=1900` });
    expect(season.statusCode).toBe(400);
  });

  it('refuses to add a session the meeting already has', async () => {
    const response = await asAdmin({
      method: 'POST',
      url: `${BASE}/sessions`,
      payload: { raceId: CHINA, kind: 'SPRINT', date: '2025-03-21', time: '10:00', zone: 'utc' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This meeting already has a SPRINT session');
  });
});

describe('reading a time entered at the circuit', () => {
  const at = (date: string, time: string) => enteredTimeToUtc({ date, time, zone: 'circuit' }, 'Europe/London')?.toISOString() ?? null;
  it('uses the offset of that day (British summer time in July)', () => {
    expect(at('2025-07-05', '15:00')).toBe('2025-07-05T14:00:00.000Z');
    expect(at('2025-01-05', '15:00')).toBe('2025-01-05T15:00:00.000Z');
  });
  it('finds no instant for a time skipped when the clocks go forward, the first for one repeated', () => {
    expect(at('2025-03-30', '01:30')).toBeNull();
    expect(at('2025-10-26', '01:30')).toBe('2025-10-26T00:30:00.000Z');
  });
});

describe('moving a session', () => {
  it('moves practice 1 entered at the circuit (Shanghai, UTC+8), and every calendar answer follows at once', async () => {
    expect(entry(await heroTimetable(), 'FREE_PRACTICE_1')).toMatchObject({ startTimeUtc: '2025-03-21T03:30:00.000Z', status: 'isNext' });

    const moved = await move('FREE_PRACTICE_1', { date: '2025-03-21', time: '13:30', zone: 'circuit' });
    expect(moved.statusCode).toBe(204);

    expect(entry(await heroTimetable(), 'FREE_PRACTICE_1')).toMatchObject({
      startTimeUtc: '2025-03-21T05:30:00.000Z',
      startTime: '2025-03-21T13:30:00',
    });
    // Sprint qualifying (07:30Z) is now the first session after practice 1, which stays next.
    expect(entry(await heroTimetable(), 'FREE_PRACTICE_1')!.status).toBe('isNext');
    expect((await getJson<NextMeetingResponse>('/api/get-next')).race.meetingStartDate).toBe('2025-03-21T05:30:00.000Z');
    expect((await scheduleChina()).startDate).toBe('2025-03-21T05:30:00.000Z');
    expect(entry(await liveTimetable(), 'FREE_PRACTICE_1')!.startTimeUtc).toBe('2025-03-21T05:30:00.000Z');

    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'session.move',
      actorEmail: 'boss@example.com',
      targetType: 'session',
      targetId: `${CHINA}:FREE_PRACTICE_1`,
      before: null,
      after: { added: false, cancelled: false, removed: false, startsAt: '2025-03-21T05:30:00.000Z' },
    });
    expect(audit!.at.toISOString()).toBe('2025-03-20T12:00:00.000Z');
  });

  it('moves the race in UTC, and the meeting (race day, finish, Ergast date) follows', async () => {
    expect((await move('RACE', { date: '2025-03-24', time: '06:00', zone: 'utc' })).statusCode).toBe(204);
    const china = await scheduleChina();
    expect(china.endDate).toBe('2025-03-24T08:00:00.000Z');
    const ergast = await getJson<{ MRData: { RaceTable: { Races: { date: string; time: string }[] } } }>('/api/ergast/f1/2025/2/races.json');
    expect(ergast.MRData.RaceTable.Races[0]).toMatchObject({ date: '2025-03-24', time: '06:00:00Z' });
    expect((await revert('RACE')).statusCode).toBe(204);
  });

  it('lists the change beside the import for the admin, and browsers revalidate the calendar answers', async () => {
    const listing = await asAdmin({ method: 'GET', url: `${BASE}?season=2025` });
    expect(listing.statusCode).toBe(200);
    const china = seasonEventsResponse.parse(listing.json()).meetings.find((m) => m.raceId === CHINA)!;
    expect(china.timeZone).toBe('Asia/Shanghai');
    expect(china.sessions.find((s) => s.kind === 'FREE_PRACTICE_1')).toEqual({
      kind: 'FREE_PRACTICE_1',
      description: 'Practice 1',
      date: '2025-03-21',
      startsAtUtc: '2025-03-21T05:30:00.000Z',
      imported: { date: '2025-03-21', startsAtUtc: '2025-03-21T03:30:00.000Z' },
      added: false,
      moved: true,
      cancelled: false,
      removed: false,
    });
    for (const url of ['/api/event-tracker', '/api/get-next', '/api/seasons/2025/meetings']) {
      expect((await t.app.inject(url)).headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    }
  });

  it('reverts to the imported time', async () => {
    expect((await revert('FREE_PRACTICE_1')).statusCode).toBe(204);
    expect(entry(await heroTimetable(), 'FREE_PRACTICE_1')!.startTimeUtc).toBe('2025-03-21T03:30:00.000Z');
    expect(await lastAudit()).toMatchObject({ action: 'session.revert', after: null });
    expect((await revert('FREE_PRACTICE_1')).statusCode).toBe(404);
  });
});

describe('adding, cancelling and deleting', () => {
  it('adds a session the import lacks, then deletes it (the row goes)', async () => {
    const added = await asAdmin({
      method: 'POST',
      url: `${BASE}/sessions`,
      payload: { raceId: CHINA, kind: 'FREE_PRACTICE_2', date: '2025-03-21', time: '15:00', zone: 'circuit' },
    });
    expect(added.statusCode).toBe(204);
    expect(entry((await scheduleChina()).timetables, 'FREE_PRACTICE_2')).toMatchObject({
      description: 'Practice 2',
      startTimeUtc: '2025-03-21T07:00:00.000Z',
    });
    const deleted = await asAdmin({ method: 'DELETE', url: `${BASE}/sessions/${CHINA}/FREE_PRACTICE_2` });
    expect(deleted.statusCode).toBe(204);
    expect(entry((await scheduleChina()).timetables, 'FREE_PRACTICE_2')).toBeUndefined();
    expect((await t.database.db.select({ n: count() }).from(sessionOverrides))[0]!.n).toBe(0);
  });

  it('cancels a session: listed and marked, never next; taking the cancellation back restores it', async () => {
    const cancel = (cancelled: boolean) =>
      asAdmin({ method: 'PUT', url: `${BASE}/sessions/${CHINA}/FREE_PRACTICE_1/cancelled`, payload: { cancelled } });
    expect((await cancel(true)).statusCode).toBe(204);
    const timetable = await heroTimetable();
    expect(entry(timetable, 'FREE_PRACTICE_1')).toMatchObject({ cancelled: true, status: 'upcoming' });
    expect(entry(timetable, 'SPRINT_QUALIFYING')!.status).toBe('isNext');
    expect((await getJson<NextMeetingResponse>('/api/get-next')).race.meetingStartDate).toBe('2025-03-21T07:30:00.000Z');

    expect((await cancel(false)).statusCode).toBe(204);
    expect(entry(await heroTimetable(), 'FREE_PRACTICE_1')).toEqual(expect.not.objectContaining({ cancelled: true }));
    expect(entry(await heroTimetable(), 'FREE_PRACTICE_1')!.status).toBe('isNext');
  });

  it('deletes an imported session by marking it removed, and a revert brings it back', async () => {
    expect((await asAdmin({ method: 'DELETE', url: `${BASE}/sessions/${CHINA}/FREE_PRACTICE_1` })).statusCode).toBe(204);
    expect(entry(await heroTimetable(), 'FREE_PRACTICE_1')).toBeUndefined();
    expect(await lastAudit()).toMatchObject({ action: 'session.delete', after: { removed: true } });
    expect((await revert('FREE_PRACTICE_1')).statusCode).toBe(204);
    expect(entry(await heroTimetable(), 'FREE_PRACTICE_1')!.startTimeUtc).toBe('2025-03-21T03:30:00.000Z');
  });

  it('will not cancel or delete the race', async () => {
    const cancelled = await asAdmin({ method: 'PUT', url: `${BASE}/sessions/${CHINA}/RACE/cancelled`, payload: { cancelled: true } });
    expect(cancelled.statusCode).toBe(400);
    expectRefusal(await asAdmin({ method: 'DELETE', url: `${BASE}/sessions/${CHINA}/RACE` }), 400, /race cannot be deleted/);
  });
});

describe('the audit entry and the change land together', () => {
  it('keeps no override when its audit entry cannot be written', async () => {
    await t.database.db.execute(sql`alter table audit_entries rename to audit_entries_away`);
    try {
      const response = await move('FREE_PRACTICE_1', { date: '2025-03-21', time: '04:00', zone: 'utc' });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table audit_entries_away rename to audit_entries`);
    }
    expect((await t.database.db.select({ n: count() }).from(sessionOverrides))[0]!.n).toBe(0);
  });
});

describe('a re-import', () => {
  const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../ingest/f1db/fixtures/tiny');
  let scratch: string;
  let r: TestApp;
  let boss: SignedInUser;
  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'f1db-reimport-'));
    fs.cpSync(fixture, scratch, { recursive: true });
    const database = await openTestDatabase();
    await importF1db(database.db, { dir: scratch });
    r = await buildTestApp({ now: '2024-04-01T00:00:00Z', database });
    boss = await signUpAndSignIn(r.app, database, 'boss@example.com');
    await grantAdmin(database.db, 'boss@example.com');
  });
  afterAll(async () => {
    await r.close();
    await r.database.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps the admin’s move, while the imported time it replaced is updated', async () => {
    const moved = await r.app.inject({
      method: 'PUT',
      url: `${BASE}/sessions/3/QUALIFYING/start`,
      headers: boss.auth,
      payload: { date: '2024-04-20', time: '08:00', zone: 'utc' },
    });
    expect(moved.statusCode).toBe(204);

    const raceFile = path.join(scratch, 'data/seasons/2024/races/02-china/race.yml');
    fs.writeFileSync(raceFile, fs.readFileSync(raceFile, 'utf8').replace('qualifyingTime: 07:00', 'qualifyingTime: 07:15'));
    await importF1db(r.database.db, { dir: scratch });

    const listing = await r.app.inject({ method: 'GET', url: `${BASE}?season=2024`, headers: boss.auth });
    const china = seasonEventsResponse.parse(listing.json()).meetings.find((m) => m.raceId === 3)!;
    expect(china.sessions.find((s) => s.kind === 'QUALIFYING')).toMatchObject({
      startsAtUtc: '2024-04-20T08:00:00.000Z',
      imported: { startsAtUtc: '2024-04-20T07:15:00.000Z' },
      moved: true,
    });
  });
});
