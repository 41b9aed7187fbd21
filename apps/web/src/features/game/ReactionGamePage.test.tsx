import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LeaderboardResponse } from '@slipstream/contract';
import type { AuthUser, SessionSource } from '../../lib/auth';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { PlayerTokenProvider } from './playerToken';
import { Component as ReactionGamePage } from './ReactionGamePage';
import type { GameTimers } from './useReactionGame';

/**
 * Timers moved by hand on a clock of their own: `elapse()` fires the timer due next (moving the clock to it) and
 * says how long it was set for; `paint(at)` runs the requested frame at that timestamp.
 */
function manualTimers() {
  let now = 0;
  const pending: { due: number; ms: number; run: () => void; live: boolean }[] = [];
  const frames: { run: (at: number) => void; live: boolean }[] = [];
  const timers: GameTimers = {
    after(ms, run) {
      const timer = { due: now + ms, ms, run, live: true };
      pending.push(timer);
      return () => void (timer.live = false);
    },
    nextFrame(run) {
      const frame = { run, live: true };
      frames.push(frame);
      return () => void (frame.live = false);
    },
  };
  const take = <T extends { live: boolean }>(found: T | undefined) => {
    if (!found) throw new Error('nothing scheduled');
    found.live = false;
    return found;
  };
  return {
    timers,
    elapse: () => {
      const live = pending.filter((timer) => timer.live);
      const timer = take(live.reduce<(typeof live)[number] | undefined>((soonest, next) => (soonest && soonest.due <= next.due ? soonest : next), undefined));
      now = timer.due;
      act(() => timer.run());
      return timer.ms;
    },
    paint: (at: number) => {
      const frame = take(frames.find((f) => f.live));
      act(() => frame.run(at));
    },
    hasFrame: () => frames.some((f) => f.live),
  };
}

const HOLD = 1234;
const board: LeaderboardResponse = {
  entries: [
    { rank: 1, name: 'Kimi', photoUrl: null, bestMs: 152, setAt: '2025-07-01T10:00:00.000Z' },
    { rank: 2, name: null, photoUrl: null, bestMs: 190, setAt: '2025-07-02T10:00:00.000Z' },
  ],
  players: 2,
};

/** The page on hand-driven timers, once the session is known (anonymous unless one is given). */
async function renderGame(options: { session?: SessionSource; token?: () => Promise<string> } = {}) {
  const clock = manualTimers();
  const page = <ReactionGamePage timers={clock.timers} holdMs={() => HOLD} />;
  renderWithApp(options.token ? <PlayerTokenProvider value={options.token}>{page}</PlayerTokenProvider> : page, { session: options.session });
  await act(async () => {});
  return clock;
}

const pad = () => screen.getByRole('button', { name: /^Start (the )?lights/ });
const outcome = () => document.querySelector('[aria-live="polite"]') as HTMLElement;
const statValue = (label: string) => screen.getByText(label).nextElementSibling;

/** A pointer press with the given event timestamp (the high-resolution clock the game measures with). */
function pressAt(at: number, target: Element = pad()) {
  const event = new PointerEvent('pointerdown', { bubbles: true, button: 0 });
  Object.defineProperty(event, 'timeStamp', { value: at });
  act(() => void fireEvent(target, event));
}

function spaceAt(at: number, target: Element = document.body) {
  const event = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: at });
  act(() => void fireEvent(target, event));
  return event;
}

/** Start, let all five lights come on and go out, paint the frame at `paintedAt`. */
function runLights(clock: ReturnType<typeof manualTimers>, paintedAt: number) {
  pressAt(paintedAt - 6000);
  for (let light = 1; light < 5; light++) clock.elapse();
  clock.elapse();
  clock.paint(paintedAt);
}

describe('the reaction game', () => {
  it('lights five lights a second apart, holds for the injected time, then puts them out', async () => {
    mockApi({ '/api/reaction-game/leaderboard': () => json(board) });
    const clock = await renderGame();
    expect(pad()).toHaveAttribute('data-phase', 'ready');
    pressAt(1000);
    expect(pad()).toHaveAttribute('data-lit', '1');
    for (let light = 2; light <= 5; light++) {
      expect(clock.elapse()).toBe(1000);
      expect(pad()).toHaveAttribute('data-lit', String(light));
      expect(pad()).toHaveAccessibleName(`Start lights: ${light} of 5 on`);
    }
    expect(clock.elapse()).toBe(HOLD);
    expect(pad()).toHaveAttribute('data-phase', 'out');
    expect(pad()).toHaveAttribute('data-lit', '0');
    // The time starts from the frame that paints them out.
    expect(clock.hasFrame()).toBe(true);
  });

  it('shows a jump start, lists it, and does not score it', async () => {
    mockApi({ '/api/reaction-game/leaderboard': () => json(board) });
    const clock = await renderGame();
    pressAt(1000);
    clock.elapse();
    pressAt(2500);
    expect(within(outcome()).getByText('Jump start')).toBeInTheDocument();
    expect(outcome()).toHaveTextContent('You went before the lights went out');
    expect(pad()).toHaveAttribute('data-phase', 'result');
    expect(within(screen.getByRole('region', { name: 'Last 10 tries' })).getByRole('listitem')).toHaveTextContent('Jump start');
    expect(statValue('Session best')).toHaveTextContent('–');
    // The aborted start left nothing running.
    expect(() => clock.elapse()).toThrow('nothing scheduled');
  });

  it('times a valid try from the painted frame to the press, with its band message, and keeps the best in this browser', async () => {
    mockApi({ '/api/reaction-game/leaderboard': () => json(board) });
    const clock = await renderGame();
    runLights(clock, 10_000);
    pressAt(10_231.4);
    expect(outcome()).toHaveTextContent('231 ms');
    expect(outcome()).toHaveTextContent('Front row. Right with the professionals.');
    expect(statValue('Session best')).toHaveTextContent('231 ms');
    expect(statValue('Personal best')).toHaveTextContent('231 ms');
    expect(localStorage.getItem('reactionBest')).toBe('231');

    runLights(clock, 20_000);
    pressAt(20_180);
    expect(outcome()).toHaveTextContent('Race winner.');
    expect(statValue('Session best')).toHaveTextContent('180 ms');
    expect(localStorage.getItem('reactionBest')).toBe('180');
  });

  it('calls a sub-100 ms press a guess: shown, listed, never the best', async () => {
    localStorage.setItem('reactionBest', '205');
    mockApi({ '/api/reaction-game/leaderboard': () => json(board) });
    const clock = await renderGame();
    expect(statValue('Personal best')).toHaveTextContent('205 ms');
    runLights(clock, 10_000);
    pressAt(10_080);
    expect(outcome()).toHaveTextContent('80 ms');
    expect(outcome()).toHaveTextContent('Too quick to be true. Under 100 ms is a guess');
    expect(screen.getByRole('region', { name: 'Last 10 tries' })).toHaveTextContent('80 ms (guess)');
    expect(statValue('Session best')).toHaveTextContent('–');
    expect(localStorage.getItem('reactionBest')).toBe('205');
  });

  it('keeps the last ten tries, newest first, and reacts to Space anywhere but on another control', async () => {
    mockApi({ '/api/reaction-game/leaderboard': () => json(board) });
    const clock = await renderGame();
    for (let i = 0; i < 12; i++) {
      runLights(clock, 10_000 * (i + 1));
      const space = spaceAt(10_000 * (i + 1) + 300 + i);
      expect(space.defaultPrevented).toBe(true);
    }
    const tries = within(screen.getByRole('region', { name: 'Last 10 tries' })).getAllByRole('listitem');
    expect(tries.map((item) => item.textContent)).toEqual(['311 ms', '310 ms', '309 ms', '308 ms', '307 ms', '306 ms', '305 ms', '304 ms', '303 ms', '302 ms']);
    expect(statValue('Session best')).toHaveTextContent('300 ms');

    const login = screen.getByRole('link', { name: 'Log in' });
    expect(spaceAt(500_000, login).defaultPrevented).toBe(false);
    expect(pad()).toHaveAttribute('data-phase', 'result');
  });

  it('starts and reacts with Enter or Space on the focused gantry', async () => {
    mockApi({ '/api/reaction-game/leaderboard': () => json(board) });
    const clock = await renderGame();
    act(() => pad().focus());
    act(() => void fireEvent.keyDown(pad(), { key: 'Enter' }));
    expect(pad()).toHaveAttribute('data-lit', '1');
    for (let light = 1; light <= 5; light++) clock.elapse();
    clock.paint(0);
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    Object.defineProperty(enter, 'timeStamp', { value: 345 });
    act(() => void fireEvent(pad(), enter));
    expect(outcome()).toHaveTextContent('345 ms');
  });

  it('shows the leaderboard and invites anonymous players to log in', async () => {
    mockApi({ '/api/reaction-game/leaderboard': () => json(board) });
    await renderGame();
    const list = await screen.findByRole('list', { name: 'Best times' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Rank 1KKimi152 ms', 'Rank 2ADAnonymous driver190 ms']);
    expect(screen.getByText(/to keep your best on your account/)).toBeInTheDocument();
  });
});

describe('a signed-in player', () => {
  const user: AuthUser = { uid: 'u-1', email: 'kimi@example.com', displayName: 'Kimi', photoUrl: null, role: 'user' };
  const session: SessionSource = { restore: async () => user, signOut: async () => {} };
  const SERVER_LIGHTS_OUT_IN = 5234;
  /** The server's ranked starts, numbered. */
  const starts = () => {
    let issued = 0;
    return () => json({ start: `start-${(issued += 1)}`, lightsOutInMs: SERVER_LIGHTS_OUT_IN }, 201);
  };

  /** A ranked run: press, the server's start arrives, five lights, lights out when the server said, painted at `paintedAt`. */
  async function rankedLights(clock: ReturnType<typeof manualTimers>, paintedAt: number) {
    pressAt(paintedAt - 6000);
    await act(async () => {});
    for (let light = 1; light < 5; light++) expect(clock.elapse()).toBe(1000);
    expect(clock.elapse()).toBe(SERVER_LIGHTS_OUT_IN);
    clock.paint(paintedAt);
  }

  it('runs ranked: the lights go out when the server said, and a press is sent with its start only when it beats the best', async () => {
    const fetchMock = mockApi({
      '/api/reaction-game/leaderboard': () => json(board),
      '/api/reaction-game/me': () => json({ bestMs: 250, setAt: '2025-07-01T10:00:00.000Z', rank: 4, players: 9 }),
      '/api/reaction-game/starts': starts(),
      '/api/reaction-game/times': () => json({ reactionMs: 238, bestMs: 238, setAt: '2025-07-05T12:00:00.000Z', rank: 3, players: 9, improved: true }),
    });
    const clock = await renderGame({ session, token: async () => 'token-1' });
    expect(await screen.findByText(/You are/)).toHaveTextContent('You are 4th of 9 with 250 ms.');
    expect(statValue('Personal best')).toHaveTextContent('250 ms');

    await rankedLights(clock, 10_000);
    pressAt(10_260);
    await act(async () => {});
    // mockApi's fetch is typed with its first argument only; the app passes the init too.
    const calls = (path: string) => (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url.endsWith(path));
    const saves = () => calls('/api/reaction-game/times');
    expect(calls('/api/reaction-game/starts')).toHaveLength(1);
    expect(calls('/api/reaction-game/starts')[0]![1].headers).toMatchObject({ authorization: 'Bearer token-1' });
    expect(saves()).toHaveLength(0);

    await rankedLights(clock, 20_000);
    pressAt(20_231);
    await act(async () => {});
    expect(saves()).toHaveLength(1);
    const [, init] = saves()[0]!;
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ start: 'start-2' }) });
    expect(init.headers).toMatchObject({ authorization: 'Bearer token-1' });
    await waitFor(() => expect(screen.getByText(/You are/)).toHaveTextContent('You are 3rd of 9 with 238 ms.'));
    expect(statValue('Personal best')).toHaveTextContent('238 ms');
    expect(outcome()).toHaveTextContent('231 ms');
    expect(screen.getByText(/Ranked time, as the server timed it/)).toHaveTextContent('from lights out to your press reaching it: 238 ms');
    expect(calls('/api/reaction-game/me')[0]![1].headers).toMatchObject({ authorization: 'Bearer token-1' });
  });

  it('plays on unranked, saying why, when the server gives no start', async () => {
    const fetchMock = mockApi({
      '/api/reaction-game/leaderboard': () => json(board),
      '/api/reaction-game/me': () => json({ bestMs: 250, setAt: '2025-07-01T10:00:00.000Z', rank: 4, players: 9 }),
      '/api/reaction-game/starts': () => json({ message: 'The database is unavailable; try again shortly' }, 503),
    });
    const clock = await renderGame({ session, token: async () => 'token-1' });
    await screen.findByText(/You are/);
    pressAt(4000);
    await act(async () => {});
    expect(screen.getByText(/This run is not ranked/)).toHaveTextContent('This run is not ranked: The database is unavailable; try again shortly');
    for (let light = 1; light < 5; light++) clock.elapse();
    expect(clock.elapse()).toBe(HOLD);
    clock.paint(10_000);
    pressAt(10_200);
    await act(async () => {});
    expect(outcome()).toHaveTextContent('200 ms');
    const saves = (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url.endsWith('/api/reaction-game/times'));
    expect(saves).toHaveLength(0);
  });

  it('says so when a time could not be saved', async () => {
    mockApi({
      '/api/reaction-game/leaderboard': () => json(board),
      '/api/reaction-game/me': () => json({ bestMs: null, setAt: null, rank: null, players: 2 }),
      '/api/reaction-game/starts': starts(),
      '/api/reaction-game/times': () => json({ message: 'Too many times saved in a minute. Try again in 12 s.' }, 429),
    });
    const clock = await renderGame({ session, token: async () => 'token-1' });
    expect(await screen.findByText(/Your first time on the lights/)).toBeInTheDocument();
    await rankedLights(clock, 10_000);
    pressAt(10_300);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your time was not saved: Too many times saved in a minute. Try again in 12 s.');
  });
});
