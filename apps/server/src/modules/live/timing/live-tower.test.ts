import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyDelta, liveTimingSnapshot, type LiveTimingEvent, type ReplaySession, type Tower } from '@slipstream/contract/live-timing';
import * as schema from '../../../db/schema';
import { createArchiveClient, loadArchiveEntrants, readArchiveClassification } from '../../../ingest/livetiming';
import { deriveRaceResults } from '../../../ingest/livetiming/race';
import { stateAt } from '../../../ingest/livetiming/stream';
import { importF1db } from '../../../ingest/f1db';
import { storeFeedClassification } from '../../../ingest/provisional/from-feed';
import { chinaRows, treeWithoutChina } from '../../../ingest/provisional/provisional.fixtures';
import type { QualifyingResultRow } from '../../../ingest/provisional/classification';
import { openTestDatabase } from '../../../test/database';
import { startArchiveStandIn, type ArchiveStandIn } from '../../../test/livetimingArchive';
import { createLiveTower, TOWER_UPDATES_PER_SECOND } from './live-tower';
import { playIntoSink, recordedReplay } from './timing.fixtures';

const MIAMI_SPRINT = { path: '2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/', meetingName: 'Miami Grand Prix', sessionName: 'Sprint' };
const CHINA_SPRINT_QUALIFYING = { path: '2024/2024-04-21_Chinese_Grand_Prix/2024-04-19_Sprint_Qualifying/', meetingName: 'Chinese Grand Prix', sessionName: 'Sprint Qualifying' };
const INTERVAL_MS = 1000 / TOWER_UPDATES_PER_SECOND;

let standIn: ArchiveStandIn;
let miami: ReplaySession;
let chinaSprintQualifying: ReplaySession;

beforeAll(async () => {
  standIn = await startArchiveStandIn();
  const client = createArchiveClient({ baseUrl: standIn.url });
  miami = await recordedReplay(client, MIAMI_SPRINT);
  chinaSprintQualifying = await recordedReplay(client, CHINA_SPRINT_QUALIFYING);
});
afterAll(() => standIn.close());
afterEach(() => vi.useRealTimers());

/** The messages of one topic of a replay, as the archive reader's derivations take them. */
function topicMessages(replay: ReplaySession, topic: string) {
  const index = replay.topics.indexOf(topic);
  return replay.messages.filter(([t]) => t === index).map(([, offsetMs, delta]) => ({ offsetMs, delta }));
}

describe('the live tower', () => {
  it('publishes deltas that rebuild, on a page, the tower the server holds, at most five a second', () => {
    vi.useFakeTimers();
    const events: LiveTimingEvent[] = [];
    const tower = createLiveTower();
    tower.subscribe((event) => events.push(event));
    let ticks = 0;
    playIntoSink(miami, tower.sink, { every: 500, between: () => (ticks += 1, vi.advanceTimersByTime(INTERVAL_MS)) });
    vi.advanceTimersByTime(INTERVAL_MS);

    // One reset on subscribe, then at most one delta per interval however many messages arrived in it.
    expect(events[0]).toMatchObject({ kind: 'reset', seq: 1, live: true });
    expect(events.length - 1).toBeLessThanOrEqual(ticks + 1);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));

    let page: Tower | null = null;
    for (const event of events) page = event.kind === 'reset' ? event.tower : (applyDelta(page, event.delta) as Tower);
    const snapshot = liveTimingSnapshot.parse(tower.snapshot());
    expect(snapshot.seq).toBe(events.length);
    expect(page).toEqual(snapshot.tower);
    tower.close();
  });

  it('ends with the final tower: every driver, in the order the sprint was classified, the lap count and the session over', () => {
    const tower = createLiveTower();
    playIntoSink(miami, tower.sink);
    tower.sink.end();
    const { live, tower: final } = tower.snapshot();
    expect(live).toBe(false);

    const timing = topicMessages(miami, 'TimingData');
    const classified = deriveRaceResults({
      timing: { state: stateAt(timing), messages: timing },
      appData: { state: stateAt(topicMessages(miami, 'TimingAppData')) },
      status: { state: stateAt(topicMessages(miami, 'SessionStatus')), messages: topicMessages(miami, 'SessionStatus') },
    });
    expect(final!.order).toEqual(classified.map((row) => row.racingNumber));
    expect(final!.order).toHaveLength(20);
    expect(final!.session).toMatchObject({ meetingName: 'Miami Grand Prix', name: 'Sprint', status: 'Ends' });
    expect(final!.lapCount).toEqual({ current: 18, total: 18 });
    const leader = final!.cars[final!.order[0]!]!;
    expect(leader).toMatchObject({ tla: 'NOR', team: 'McLaren', teamColour: '#FF8000' });
    expect(leader.tyre?.compound).toMatch(/SOFT|MEDIUM|HARD|INTERMEDIATE|WET/);
    expect(Object.values(final!.cars).filter((car) => car.bestLap?.overallBest)).toHaveLength(1);
    expect(final!.raceControl.length).toBeGreaterThan(0);
  });

  it('shows the safety car while the recording had it out', () => {
    const tower = createLiveTower();
    const safetyCarAt = miami.messages.findIndex(([topic, , delta]) => miami.topics[topic] === 'TrackStatus' && (delta as { Status?: string }).Status === '4');
    playIntoSink({ ...miami, messages: miami.messages.slice(0, safetyCarAt + 1) }, tower.sink);
    expect(tower.snapshot().tower!.trackStatus).toEqual({ status: 'safety-car', message: 'SCDeployed' });
    tower.close();
  });

  it('shows the qualifying part and how many cars go through', async () => {
    const replay = chinaSprintQualifying;
    const tower = createLiveTower();
    const timingData = replay.topics.indexOf('TimingData');
    const secondPart = replay.messages.findIndex(([topic, , delta]) => topic === timingData && (delta as { SessionPart?: number }).SessionPart === 2);
    playIntoSink({ ...replay, messages: replay.messages.slice(0, secondPart + 1) }, tower.sink);
    const { tower: now } = tower.snapshot();
    expect(now!.qualifying).toEqual({ part: 2, advancing: 10 });
    expect(Object.values(now!.cars).filter((car) => car.knockedOut)).toHaveLength(5);
    tower.close();
  });
});

describe('the final tower as provisional results', () => {
  const before = treeWithoutChina(['sprint-qualifying-results.yml']);
  const database = openTestDatabase();
  beforeAll(async () => importF1db((await database).db, { dir: before.dir }));
  afterAll(async () => {
    await (await database).close();
    before.remove();
  });

  it('stores the sprint qualifying the feed ended with, as the archive job would have stored it', async () => {
    const { db } = await database;
    const replay = chinaSprintQualifying;
    const stored = new Promise<unknown>((resolve, reject) => {
      const tower = createLiveTower({ onEnd: (ended) => storeFeedClassification({ db }, ended).then(resolve, reject) });
      playIntoSink(replay, tower.sink);
      tower.sink.end();
    });
    expect(await stored).toMatchObject({ status: 'stored' });

    const rows = await db
      .select()
      .from(schema.qualifyingResults)
      .where(and(eq(schema.qualifyingResults.raceId, 3), eq(schema.qualifyingResults.session, 'SPRINT_QUALIFYING')))
      .orderBy(asc(schema.qualifyingResults.positionDisplayOrder));
    const archived = await readArchiveClassification(
      createArchiveClient({ baseUrl: standIn.url }),
      { ...CHINA_SPRINT_QUALIFYING, year: 2024, kind: 'SPRINT_QUALIFYING' },
      await loadArchiveEntrants(db, 2024, 3),
    );
    expect(rows.map((row) => [row.positionText, row.driverId, row.q1, row.source])).toEqual(
      archived.qualifyingResults!.map((row) => [String(row.position), row.driverId, row.q1, 'LIVE_TIMING']),
    );
    const official = chinaRows<QualifyingResultRow>('sprint-qualifying-results.yml');
    expect(rows.map((row) => row.driverId).sort()).toEqual(official.map((row) => row.driverId).sort());
  });

  it('stores nothing for a session that has not ended', async () => {
    const { db } = await database;
    const unfinished = { ...miami, messages: miami.messages.filter(([, offsetMs]) => offsetMs < 3_600_000) };
    const outcome = new Promise<unknown>((resolve, reject) => {
      const tower = createLiveTower({ onEnd: (ended) => storeFeedClassification({ db }, ended).then(resolve, reject) });
      playIntoSink(unfinished, tower.sink);
      tower.sink.end();
    });
    expect(await outcome).toBeUndefined();
  });
});
