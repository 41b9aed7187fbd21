import { describe, expect, it } from 'vitest';
import { BANDS, describeAttempt, gameReducer, HOLD_MS, initialGameState, randomHold, type GameEvent, type GameState } from './reaction';

const run = (events: GameEvent[], state: GameState = initialGameState) => events.reduce(gameReducer, state);
const lightsSequence: GameEvent[] = [{ type: 'press', at: 0 }, ...Array.from({ length: 4 }, () => ({ type: 'nextLight' }) as const)];
/** A whole try: start, five lights, lights out painted at 10 000, press `reaction` ms later. */
const tryWith = (reaction: number): GameEvent[] => [...lightsSequence, { type: 'lightsOut' }, { type: 'painted', at: 10_000 }, { type: 'press', at: 10_000 + reaction }];

describe('the start sequence', () => {
  it('lights one to five, holds, and goes out only after the fifth', () => {
    let state = run([{ type: 'press', at: 0 }]);
    expect(state.phase).toEqual({ name: 'lights', lit: 1 });
    // The hold cannot end before all five are on.
    expect(gameReducer(state, { type: 'lightsOut' })).toBe(state);
    state = run(lightsSequence.slice(1), state);
    expect(state.phase).toEqual({ name: 'lights', lit: 5 });
    expect(gameReducer(state, { type: 'nextLight' })).toBe(state);
    state = gameReducer(state, { type: 'lightsOut' });
    expect(state.phase).toEqual({ name: 'out', paintedAt: null, pressedAt: null });
  });

  it('times from the frame that painted the lights out to the press', () => {
    const state = run(tryWith(231.4));
    expect(state.phase).toEqual({ name: 'result', attempt: { kind: 'time', ms: 231 } });
  });

  it('waits for the paint when the press comes first, and counts a press before that frame as a jump start', () => {
    const outEvents: GameEvent[] = [...lightsSequence, { type: 'lightsOut' }];
    const early = run([...outEvents, { type: 'press', at: 9_990 }, { type: 'painted', at: 10_000 }]);
    expect(early.phase).toEqual({ name: 'result', attempt: { kind: 'jumpStart' } });
    // A press in the same frame the lights went out is 0 ms: a guess, not a jump start.
    const sameFrame = run([...outEvents, { type: 'press', at: 10_000 }, { type: 'painted', at: 10_000 }]);
    expect(sameFrame.phase).toEqual({ name: 'result', attempt: { kind: 'guess', ms: 0 } });
  });

  it('calls a press while the lights are on a jump start, shown but not scored', () => {
    const state = run([...lightsSequence.slice(0, 3), { type: 'press', at: 2_500 }]);
    expect(state.phase).toEqual({ name: 'result', attempt: { kind: 'jumpStart' } });
    expect(state.tries).toEqual([{ kind: 'jumpStart' }]);
    expect(state.sessionBest).toBeNull();
    // Timers still pending from the aborted start change nothing.
    expect(run([{ type: 'nextLight' }, { type: 'lightsOut' }, { type: 'painted', at: 1 }], state)).toBe(state);
  });

  it('treats under 100 ms as a guess: listed, never the best', () => {
    const state = run(tryWith(99));
    expect(state.phase).toEqual({ name: 'result', attempt: { kind: 'guess', ms: 99 } });
    expect(state.sessionBest).toBeNull();
    expect(run(tryWith(100)).sessionBest).toBe(100);
  });

  it('keeps the session best and the last ten tries, newest first', () => {
    const reactions = [300, 250, 95, 280, 240, 410, 199, 260, 330, 270, 225, 350];
    let state = initialGameState;
    for (const reaction of reactions) state = run(tryWith(reaction), state);
    state = run([{ type: 'press', at: 0 }, { type: 'press', at: 1 }], state);
    expect(state.tries.map((t) => (t.kind === 'jumpStart' ? 'jump' : t.ms))).toEqual(['jump', 350, 225, 270, 330, 260, 199, 410, 240, 280]);
    expect(state.sessionBest).toBe(199);
  });

  it('starts the next try from a result with a press', () => {
    const state = run([...tryWith(250), { type: 'press', at: 20_000 }]);
    expect(state.phase).toEqual({ name: 'lights', lit: 1 });
    expect(state.tries).toHaveLength(1);
  });
});

describe('messages', () => {
  it('has a band for every time, quickest first', () => {
    expect(BANDS.map((b) => b.below)).toEqual([...BANDS.map((b) => b.below)].sort((a, b) => a - b));
    expect(describeAttempt({ kind: 'time', ms: 100 }).title).toBe('Unreal');
    expect(describeAttempt({ kind: 'time', ms: 199 }).title).toBe('Race winner');
    expect(describeAttempt({ kind: 'time', ms: 200 }).title).toBe('Front row');
    expect(describeAttempt({ kind: 'time', ms: 299 }).title).toBe('Solid start');
    expect(describeAttempt({ kind: 'time', ms: 399 }).title).toBe('Midfield');
    expect(describeAttempt({ kind: 'time', ms: 1500 }).title).toBe('Bogged down');
    expect(describeAttempt({ kind: 'guess', ms: 80 }).message).toMatch(/guess, not a reaction/);
    expect(describeAttempt({ kind: 'jumpStart' }).title).toBe('Jump start');
  });
});

describe('randomHold', () => {
  it('holds between 0.2 and 3 seconds', () => {
    expect(randomHold(() => 0)).toBe(HOLD_MS.min);
    expect(randomHold(() => 0.5)).toBe(1600);
    expect(randomHold(() => 0.999999)).toBeLessThan(HOLD_MS.max);
    expect(HOLD_MS).toEqual({ min: 200, max: 3000 });
  });
});
