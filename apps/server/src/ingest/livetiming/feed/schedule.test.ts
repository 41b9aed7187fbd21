import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../db/client';
import { adjustableClock } from '../../../lib/clock';
import { openF1TestDatabase } from '../../../test/f1-database';
import { MIAMI_SPRINT, recordingSink, startSignalrHub, type SignalrHub } from '../../../test/signalrHub';
import type { FeedRun } from './holder';
import { feedWindows, openWindow, scheduledFeed } from './schedule';

const quiet = { info: () => undefined, warn: () => undefined };
const WAIT = { timeout: 45_000, interval: 50 };
/** F1DB's start of the 2025 Miami Sprint. */
const SPRINT_START = Date.parse('2025-05-03T16:00:00Z');
const MINUTE = 60_000;
/** Where the recording's SessionStatus says "Ends". */
const SPRINT_ENDS_MS = (2 * 3600 + 12 * 60 + 44) * 1000;

describe('the live feed by the racing clock', { timeout: 180_000 }, () => {
  let database: Database;
  let hub: SignalrHub | undefined;
  let running: ReturnType<FeedRun> | undefined;
  beforeAll(async () => {
    database = await openF1TestDatabase();
  });
  afterAll(() => database.close());
  afterEach(async () => {
    await running?.stop();
    await hub?.close();
    running = undefined;
    hub = undefined;
  });

  it('opens a window for each timed session, from half an hour before its start, closed once its session ended', async () => {
    const windows = await feedWindows(database.db, new Date(SPRINT_START));
    const sprint = windows.find((window) => window.label === '2025 Miami Grand Prix Sprint');
    expect(sprint).toMatchObject({ opensAt: SPRINT_START - 30 * MINUTE, startsAt: SPRINT_START });
    expect(openWindow(windows, new Date(SPRINT_START - 31 * MINUTE), new Set())?.label).not.toBe(sprint!.label);
    expect(openWindow(windows, new Date(SPRINT_START - 29 * MINUTE), new Set())?.label).toBe(sprint!.label);
    expect(openWindow(windows, new Date(SPRINT_START + 90 * MINUTE), new Set([sprint!.key]))).toBeUndefined();
    // Qualifying's window opens while the sprint's overrun allowance runs: the later session wins.
    expect(openWindow(windows, new Date(sprint!.closesAt - 1), new Set())?.label).toBe('2025 Miami Grand Prix Qualifying');
  });

  it('connects when the session is near, and disconnects with end() when the feed says it ends', async () => {
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, speed: 500, fromMs: SPRINT_ENDS_MS - 2 * MINUTE, paused: true });
    const clock = adjustableClock(new Date(SPRINT_START - 2 * 60 * MINUTE));
    const { sink, calls, count } = recordingSink();
    running = scheduledFeed({ db: database.db, clock, baseUrl: hub.url, log: quiet, checkMs: 50 })(sink);

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hub.subscriptions()).toEqual([]);

    clock.set(new Date(SPRINT_START + 30 * MINUTE));
    await vi.waitFor(() => expect(count('reset')).toBe(1), WAIT);
    hub.play();
    await vi.waitFor(() => expect(calls.at(-1)).toEqual({ kind: 'end' }), WAIT);
    await vi.waitFor(() => expect(hub!.connectionCount()).toBe(0), WAIT);
    // The window is still open by the clock, but its session is over: no second connection.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hub.subscriptions()).toHaveLength(1);
  });

  it('disconnects with end() when the window closes by the clock', async () => {
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, fromMs: 60 * MINUTE, paused: true });
    const clock = adjustableClock(new Date(SPRINT_START - 10 * MINUTE));
    const { sink, calls, count } = recordingSink();
    running = scheduledFeed({ db: database.db, clock, baseUrl: hub.url, log: quiet, checkMs: 50 })(sink);
    await vi.waitFor(() => expect(count('reset')).toBe(1), WAIT);

    // The next morning: no session's window is open (the evening's qualifying took over from the sprint's, then closed).
    clock.set(new Date(SPRINT_START + 14 * 60 * MINUTE));
    await vi.waitFor(() => expect(calls.at(-1)).toEqual({ kind: 'end' }), WAIT);
    await vi.waitFor(() => expect(hub!.connectionCount()).toBe(0), WAIT);
  });

  it('stops without end(): the session goes on under another holder', async () => {
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, fromMs: 60 * MINUTE, paused: true });
    const clock = adjustableClock(new Date(SPRINT_START));
    const { sink, count } = recordingSink();
    running = scheduledFeed({ db: database.db, clock, baseUrl: hub.url, log: quiet, checkMs: 50 })(sink);
    await vi.waitFor(() => expect(count('reset')).toBe(1), WAIT);
    await running.stop();
    running = undefined;
    expect(count('end')).toBe(0);
    await vi.waitFor(() => expect(hub!.connectionCount()).toBe(0), WAIT);
  });
});
