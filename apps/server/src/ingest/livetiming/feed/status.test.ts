import type { LiveFeedStatus } from '@slipstream/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../db/client';
import { buildTestApp, type TestApp } from '../../../test/app';
import { openF1TestDatabase } from '../../../test/f1-database';
import { MIAMI_SPRINT, MIAMI_SPRINT_STARTED_MS, startSignalrHub, type SignalrHub } from '../../../test/signalrHub';

const WAIT = { timeout: 45_000, interval: 100 };
/** Twenty minutes into the 2025 Miami Sprint, by the racing clock. */
const DURING_THE_SPRINT = '2025-05-03T16:50:00Z';
const SPRINT_LABEL = '2025 Miami Grand Prix Sprint';

async function feedStatus(instance: TestApp): Promise<LiveFeedStatus> {
  const response = await instance.app.inject({ method: 'GET', url: '/api/live/feed' });
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<LiveFeedStatus>();
}

describe('GET /api/live/feed: the feed state the pages show', { timeout: 120_000 }, () => {
  let database: Database;
  let hub: SignalrHub;
  beforeAll(async () => {
    database = await openF1TestDatabase();
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, speed: 50, fromMs: MIAMI_SPRINT_STARTED_MS + 20 * 60_000, paused: true });
  });
  afterAll(async () => {
    await hub.close();
    await database.close();
  });

  it('says off when this server does not read the feed', async () => {
    const instance = await buildTestApp({ database, now: DURING_THE_SPRINT });
    expect(await feedStatus(instance)).toEqual({ state: 'off', since: null, session: null });
    await instance.close();
  });

  it('says idle between sessions', async () => {
    const instance = await buildTestApp({ database, now: '2025-05-01T12:00:00Z', config: { liveTimingFeed: true, liveTimingUrl: hub.url } });
    expect(await feedStatus(instance)).toEqual({ state: 'idle', since: null, session: null });
    await instance.close();
  });

  it('says unreachable, since the first failed attempt, when F1 cannot be reached during a session', async () => {
    const instance = await buildTestApp({ database, now: DURING_THE_SPRINT, config: { liveTimingFeed: true } });
    await vi.waitFor(async () => expect((await feedStatus(instance)).state).toBe('unreachable'), WAIT);
    expect(await feedStatus(instance)).toEqual({ state: 'unreachable', since: DURING_THE_SPRINT.replace('Z', '.000Z'), session: SPRINT_LABEL });
    await instance.close();
  });

  it('says connected once the hub answered', async () => {
    const instance = await buildTestApp({ database, now: DURING_THE_SPRINT, config: { liveTimingFeed: true, liveTimingUrl: hub.url } });
    await vi.waitFor(async () => expect((await feedStatus(instance)).state).toBe('connected'), WAIT);
    expect((await feedStatus(instance)).session).toBe(SPRINT_LABEL);
    await instance.close();
  });
});
