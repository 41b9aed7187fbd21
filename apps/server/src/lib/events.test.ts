import { describe, expect, it } from 'vitest';
import { inProcessEventBus, type BusEvent, type BusMessage } from './events';

const update = (version: string): BusMessage => ({
  type: 'results-updated',
  data: { source: 'import', at: '2025-07-06T16:00:00.000Z', version },
});

describe('the in-process event bus', () => {
  it('gives every subscriber each event published after it subscribed, with ordered ids', async () => {
    const bus = inProcessEventBus();
    await bus.publish(update('before'));
    const first: BusEvent[] = [];
    const second: BusEvent[] = [];
    bus.subscribe((event) => first.push(event));
    const unsubscribe = bus.subscribe((event) => second.push(event));

    const a = await bus.publish(update('a'));
    unsubscribe();
    const b = await bus.publish(update('b'));

    expect(first).toEqual([a, b]);
    expect(second).toEqual([a]);
    expect(a).toMatchObject(update('a'));
    expect(a.id).not.toBe(b.id);
  });

  it('replays what a client missed since an id it received', async () => {
    const bus = inProcessEventBus();
    const a = await bus.publish(update('a'));
    const b = await bus.publish(update('b'));
    const c = await bus.publish(update('c'));
    expect(await bus.eventsSince(a.id)).toEqual([b, c]);
    expect(await bus.eventsSince(c.id)).toEqual([]);
  });

  it('does not pretend to know ids of another run or events it no longer keeps', async () => {
    const bus = inProcessEventBus({ kept: 2 });
    const a = await bus.publish(update('a'));
    const b = await bus.publish(update('b'));
    await bus.publish(update('c'));
    await bus.publish(update('d'));
    expect(await bus.eventsSince(a.id)).toBeUndefined();
    expect(await bus.eventsSince(b.id)).toHaveLength(2);

    const earlierRun = inProcessEventBus();
    const old = await earlierRun.publish(update('old'));
    expect(await bus.eventsSince(old.id)).toBeUndefined();
    expect(await bus.eventsSince('nonsense')).toBeUndefined();
  });
});
