import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClockProvider, createServerClock, useNow, useToday } from './clock';

/** A device clock the test moves by hand. */
function deviceClock(start: number) {
  let now = start;
  return { read: () => now, advance: (ms: number) => (now += ms) };
}

const SERVER_NOW = '2025-07-05T12:00:00.000Z';

describe('the server clock', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the offset to the server, measured at the middle of the round trip', async () => {
    const device = deviceClock(Date.parse('2031-01-01T00:00:00Z'));
    let answer!: (time: { now: string; pinned: boolean }) => void;
    const clock = createServerClock({ fetchTime: () => new Promise((resolve) => (answer = resolve)), localNow: device.read });
    expect(clock.ready).toBe(false);

    device.advance(200); // the answer takes 200 ms: the server read its clock about 100 ms in
    answer({ now: SERVER_NOW, pinned: true });
    await vi.waitFor(() => expect(clock.ready).toBe(true));
    expect(new Date(clock.now()).toISOString()).toBe('2025-07-05T12:00:00.100Z');

    device.advance(60_000);
    expect(new Date(clock.now()).toISOString()).toBe('2025-07-05T12:01:00.100Z');
  });

  it('uses the device clock, and says it is ready, when the server cannot be asked', async () => {
    const device = deviceClock(Date.parse('2025-03-01T08:00:00Z'));
    const onError = vi.fn();
    const clock = createServerClock({ fetchTime: () => Promise.reject(new Error('Error')), localNow: device.read, onError });
    await vi.waitFor(() => expect(clock.ready).toBe(true));
    expect(onError).toHaveBeenCalledOnce();
    expect(new Date(clock.now()).toISOString()).toBe('2025-03-01T08:00:00.000Z');
  });

  it('tells subscribers when it becomes ready', async () => {
    const clock = createServerClock({ fetchTime: async () => ({ now: SERVER_NOW, pinned: false }) });
    const listener = vi.fn();
    clock.subscribe(listener);
    await vi.waitFor(() => expect(listener).toHaveBeenCalledOnce());
  });

  it('drives useNow from the server time, ticking every second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2031-01-01T00:00:00Z'));
    const clock = createServerClock({ fetchTime: async () => ({ now: SERVER_NOW, pinned: true }) });
    await vi.waitFor(() => expect(clock.ready).toBe(true));

    function Now() {
      return <output>{useNow().toISOString()}</output>;
    }
    render(
      <ClockProvider clock={clock}>
        <Now />
      </ClockProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('2025-07-05T12:00:00.000Z');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status')).toHaveTextContent('2025-07-05T12:00:03.000Z');
  });

  it('drives useToday in the given zone, rendering again only when the day changes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2025-07-05T21:59:58Z'));
    const clock = createServerClock({ fetchTime: async () => ({ now: new Date().toISOString(), pinned: false }) });
    await vi.waitFor(() => expect(clock.ready).toBe(true));

    let renders = 0;
    function Today() {
      renders += 1;
      return <output>{useToday('Europe/Bucharest')}</output>;
    }
    render(
      <ClockProvider clock={clock}>
        <Today />
      </ClockProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('2025-07-06');
    const rendersOnTheSixth = renders;
    act(() => vi.advanceTimersByTime(60_000));
    expect(renders).toBe(rendersOnTheSixth);
    vi.setSystemTime(new Date('2025-07-06T20:59:59Z'));
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('status')).toHaveTextContent('2025-07-07');
  });
});
