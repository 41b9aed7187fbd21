import { useCallback, useEffect, useLayoutEffect, useReducer } from 'react';
import { gameReducer, initialGameState, LIGHT_COUNT, LIGHT_INTERVAL_MS, randomHold, type GameState } from './reaction';

/** The clock the game runs on: the browser's by default, a hand-driven one in tests. Each returns a cancel. */
export type GameTimers = {
  after(ms: number, run: () => void): () => void;
  /** Runs before the next paint with that frame's high-resolution timestamp. */
  nextFrame(run: (timestamp: number) => void): () => void;
};

export const browserTimers: GameTimers = {
  after(ms, run) {
    const id = window.setTimeout(run, ms);
    return () => window.clearTimeout(id);
  },
  nextFrame(run) {
    const id = window.requestAnimationFrame(run);
    return () => window.cancelAnimationFrame(id);
  },
};

export type GameOptions = { timers?: GameTimers; holdMs?: () => number };

/** The game state plus `press(at)`, fed with the input event's timeStamp (performance.now's clock). */
export function useReactionGame({ timers = browserTimers, holdMs = randomHold }: GameOptions = {}): [GameState, (at: number) => void] {
  const [state, dispatch] = useReducer(gameReducer, initialGameState);
  const { phase } = state;
  const lit = phase.name === 'lights' ? phase.lit : 0;
  const awaitingPaint = phase.name === 'out' && phase.paintedAt === null;

  useEffect(() => {
    if (lit === 0) return;
    return lit < LIGHT_COUNT
      ? timers.after(LIGHT_INTERVAL_MS, () => dispatch({ type: 'nextLight' }))
      : timers.after(holdMs(), () => dispatch({ type: 'lightsOut' }));
  }, [lit, timers, holdMs]);

  // A layout effect runs after the lights-out DOM change and before the browser paints it, so the frame
  // requested here is the one that shows the lights out: its timestamp is when the player could see them.
  useLayoutEffect(() => {
    if (!awaitingPaint) return;
    return timers.nextFrame((timestamp) => dispatch({ type: 'painted', at: timestamp }));
  }, [awaitingPaint, timers]);

  const press = useCallback((at: number) => dispatch({ type: 'press', at }), []);
  return [state, press];
}
