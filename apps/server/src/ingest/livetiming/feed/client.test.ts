import { afterEach, describe, expect, it, vi } from 'vitest';
import { finalStates, MIAMI_SPRINT, MIAMI_SPRINT_STARTED_MS, recordingSink, startSignalrHub, type SignalrHub } from '../../../test/signalrHub';
import { FEED_TOPICS, startFeedClient, type FeedClient } from './client';

const quiet = { info: () => undefined, warn: () => undefined };

const lastOffset = (hub: SignalrHub) => hub.timeline.at(-1)!.offsetMs;

describe('live-timing feed client against a stand-in SignalR hub', { timeout: 180_000 }, () => {
  let hub: SignalrHub | undefined;
  let client: FeedClient | undefined;
  afterEach(async () => {
    await client?.stop();
    await hub?.close();
    client = undefined;
    hub = undefined;
  });

  it('subscribes to the tower topics, takes the answer as the whole state, then applies the deltas in the order sent', async () => {
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, speed: 1000, fromMs: MIAMI_SPRINT_STARTED_MS });
    const { sink, calls, merged } = recordingSink();
    client = startFeedClient({ baseUrl: hub.url, sink, log: quiet });

    await vi.waitFor(() => expect(hub!.sentAll() && calls.filter((call) => call.kind === 'apply').length === hub!.sentCount()).toBe(true), { timeout: 30_000, interval: 100 });

    expect(hub.subscriptions()).toEqual([[...FEED_TOPICS]]);
    expect(calls[0]).toEqual({ kind: 'reset', session: { path: MIAMI_SPRINT, meetingName: 'Miami Grand Prix', sessionName: 'Sprint' } });
    const applied = calls.slice(1);
    expect(applied.every((call) => call.kind === 'apply')).toBe(true);
    expect(applied.length).toBeGreaterThan(1000);
    // What was applied is exactly the recording's tail, message for message.
    const tail = hub.timeline.slice(hub.timeline.length - applied.length);
    const firstDifference = applied.findIndex((call, index) => call.kind !== 'apply' || call.topic !== tail[index]!.topic || JSON.stringify(call.delta) !== JSON.stringify(tail[index]!.delta));
    expect(firstDifference === -1 ? undefined : { index: firstDifference, got: applied[firstDifference], sent: tail[firstDifference] }).toBeUndefined();
    const times = applied.map((call) => (call.kind === 'apply' ? Date.parse(call.at) : NaN));
    expect(times.every((time, index) => index === 0 || time >= times[index - 1]!)).toBe(true);
    expect(merged.snapshot().state).toEqual(finalStates(hub.timeline));
  });

  it('reconnects after the hub is killed and restarted, starting again from the whole state', async () => {
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, speed: 600, fromMs: MIAMI_SPRINT_STARTED_MS });
    const { sink, calls, merged } = recordingSink();
    client = startFeedClient({ baseUrl: hub.url, sink, log: quiet, initialBackoffMs: 50, maxBackoffMs: 400 });
    await vi.waitFor(() => expect(calls.filter((call) => call.kind === 'apply').length).toBeGreaterThan(50), { timeout: 30_000, interval: 50 });

    await hub.kill();
    await vi.waitFor(() => expect(client!.subscribed).toBe(false), { timeout: 30_000, interval: 50 });
    await hub.restart();

    await vi.waitFor(() => expect(calls.filter((call) => call.kind === 'reset')).toHaveLength(2), { timeout: 30_000, interval: 50 });
    expect(hub.subscriptions()).toHaveLength(2);
    await vi.waitFor(() => expect(hub!.position() > lastOffset(hub!) && client!.subscribed).toBe(true), { timeout: 60_000, interval: 100 });
    await vi.waitFor(() => expect(merged.snapshot().state).toEqual(finalStates(hub!.timeline)), { timeout: 30_000, interval: 100 });
  });

  it('keeps trying while the hub is down, and subscribes once it is up', async () => {
    hub = await startSignalrHub({ sessionPath: MIAMI_SPRINT, speed: 1000, fromMs: MIAMI_SPRINT_STARTED_MS });
    await hub.kill();
    const { sink, calls } = recordingSink();
    const warnings: string[] = [];
    client = startFeedClient({ baseUrl: hub.url, sink, log: { ...quiet, warn: (_object, message) => warnings.push(message) }, initialBackoffMs: 20, maxBackoffMs: 100 });
    await vi.waitFor(() => expect(warnings.filter((message) => message.includes('could not connect')).length).toBeGreaterThan(2), { timeout: 30_000, interval: 20 });
    expect(calls).toEqual([]);

    await hub.restart();
    await vi.waitFor(() => expect(client!.subscribed).toBe(true), { timeout: 30_000, interval: 20 });
    expect(calls[0]?.kind).toBe('reset');
  });
});
