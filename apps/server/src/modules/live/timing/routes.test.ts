import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTimingSnapshot, replayCatalogue, replaySession } from '@slipstream/contract/live-timing';
import { createArchiveClient } from '../../../ingest/livetiming';
import { importF1db } from '../../../ingest/f1db';
import { tinyF1db } from '../../../ingest/provisional/provisional.fixtures';
import { openTestDatabase } from '../../../test/database';
import { buildTestApp, type TestApp } from '../../../test/app';
import { startArchiveStandIn, type ArchiveStandIn } from '../../../test/livetimingArchive';
import { createLiveTower, type LiveTower } from './live-tower';
import { playIntoSink, recordedReplay } from './timing.fixtures';

const MIAMI_SPRINT = '2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/';

describe('the live timing routes', () => {
  let standIn: ArchiveStandIn;
  let test: TestApp;
  let tower: LiveTower;

  beforeAll(async () => {
    standIn = await startArchiveStandIn();
    const database = await openTestDatabase();
    await importF1db(database.db, { dir: tinyF1db });
    tower = createLiveTower();
    test = await buildTestApp({ database, liveTower: tower, config: { liveTimingUrl: standIn.url } });
  });
  afterAll(async () => {
    await test.close();
    await test.database.close();
    await standIn.close();
  });

  const get = (url: string) => test.app.inject({ method: 'GET', url });

  it('gives the tower now: none before a session, then the session the feed delivers, never cached', async () => {
    const before = await get('/api/live/timing');
    expect(before.headers['cache-control']).toBe('no-store');
    expect(liveTimingSnapshot.parse(before.json())).toEqual({ live: false, seq: 0, tower: null, updatedAt: null });

    const recording = await recordedReplay(createArchiveClient({ baseUrl: standIn.url }), { path: MIAMI_SPRINT, meetingName: 'Miami Grand Prix', sessionName: 'Sprint' });
    playIntoSink({ ...recording, messages: recording.messages.slice(0, recording.messages.length / 2) }, tower.sink);
    const during = liveTimingSnapshot.parse((await get('/api/live/timing')).json());
    expect(during.live).toBe(true);
    expect(during.tower!.order).toHaveLength(20);
    expect(during.tower!.session).toMatchObject({ name: 'Sprint', status: 'Started' });
  });

  it("streams this instance's tower deltas to open pages, without ids, so a page's Last-Event-ID stays the bus's", async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    const received = new Promise<string>((resolve, reject) => {
      const request = http.get(`http://127.0.0.1:${port}/api/live/events`, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          const frame = text.split('\n\n').find((block) => block.includes('event: live-timing'));
          if (frame) {
            request.destroy();
            resolve(frame);
          }
        });
      });
      request.on('error', reject);
    });
    await new Promise((settled) => setTimeout(settled, 200));
    const recording = await recordedReplay(createArchiveClient({ baseUrl: standIn.url }), { path: MIAMI_SPRINT, meetingName: 'Miami Grand Prix', sessionName: 'Sprint' });
    playIntoSink(recording, tower.sink);
    const frame = await received;
    expect(frame).not.toMatch(/^id:/m);
    // A feed subscribes with an empty state here, so the reset's tower is empty; the deltas fill it.
    expect(JSON.parse(/^data: (.*)$/m.exec(frame)![1]!)).toMatchObject({ kind: 'reset', live: true, tower: { order: [] } });
  });

  it('lists a season from the archive index where there is one, else from the calendar', async () => {
    const indexed = replayCatalogue.parse((await get('/api/live/replays?season=2019')).json());
    expect(indexed.listedFrom).toBe('archive-index');
    expect(indexed.meetings.find((meeting) => meeting.name === 'Italian Grand Prix')?.sessions.map((session) => session.name)).toContain('Qualifying');

    const fromCalendar = replayCatalogue.parse((await get('/api/live/replays?season=2024')).json());
    expect(fromCalendar.listedFrom).toBe('calendar');
    const china = fromCalendar.meetings.find((meeting) => meeting.name === 'Chinese Grand Prix')!;
    const sprintQualifying = china.sessions.find((session) => session.ref.endsWith(':SPRINT_QUALIFYING'))!;
    const replay = replaySession.parse((await get(`/api/live/replays/session?ref=${encodeURIComponent(sprintQualifying.ref)}`)).json());
    expect(replay.session.path).toBe('2024/2024-04-21_Chinese_Grand_Prix/2024-04-19_Sprint_Qualifying/');
    expect(replay.topics).toContain('TimingData');
    expect(replay.messages.map(([, offsetMs]) => offsetMs)).toEqual(replay.messages.map(([, offsetMs]) => offsetMs).toSorted((a, b) => a - b));
  });

  it('refuses a season or session it cannot name, and says when the archive has no such session', async () => {
    expect((await get('/api/live/replays?season=1999')).statusCode).toBe(400);
    expect((await get('/api/live/replays?season=next')).statusCode).toBe(400);
    for (const trick of ['../../etc/passwd', '2025/../x/', '2025/2025-05-04_Miami_Grand_Prix/../', '2025/./x/', '2025/.hidden/x/', '2025/a/b/../', '2025/a\\b/c/']) {
      const outside = await get(`/api/live/replays/session?ref=${encodeURIComponent(trick)}`);
      expect(outside.statusCode, trick).toBe(400);
      expect(outside.json().message).toMatch(/Not a session of the archive/);
    }
    const missing = await get(`/api/live/replays/session?ref=${encodeURIComponent('2025/2025-05-04_Miami_Grand_Prix/2025-05-04_Race/')}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/archive has no timing/);
    standIn.set('2025/2025-05-04_Miami_Grand_Prix/', { status: 500 });
    const failing = await get(`/api/live/replays/session?ref=${encodeURIComponent(MIAMI_SPRINT)}`);
    standIn.release('2025/2025-05-04_Miami_Grand_Prix/');
    expect(failing.statusCode).toBe(502);
    expect(failing.json().message).toMatch(/timing archive could not be read/);
    const unknownRound = await get(`/api/live/replays/session?ref=${encodeURIComponent('calendar:2024:40:RACE')}`);
    expect(unknownRound.statusCode).toBe(404);
  });
});
