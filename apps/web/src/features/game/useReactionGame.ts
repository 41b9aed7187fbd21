import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { ReactionStartResponse } from '@slipstream/contract';
import { gameReducer, initialGameState, LIGHT_COUNT, LIGHT_INTERVAL_MS, randomHold, type GameState } from './reaction';

/** The clock the game runs on: the browser's by default, a hand-driven one in tests. Each returns a cancel. */
export type GameTimers = {
  after(ms: number, run: () => void): () => void;
  /** Runs before the next paint with that frame's high-resolution timestamp. */
  nextFrame(run: (timestamp: number) => void): () => void;
};

const browserTimers: GameTimers = {
  after(ms, run) {
    const id = window.setTimeout(run, ms);
    return () => window.clearTimeout(id);
  },
  nextFrame(run) {
    const id = window.requestAnimationFrame(run);
    return () => window.cancelAnimationFrame(id);
  },
};

/** Asks the server for a ranked run's start (signed-in players); the run is then timed by the server. */
export type RankedStart = () => Promise<ReactionStartResponse>;

/**
 * How the current run stands with the server: waiting for its start, ranked (with the signed start to send with the
 * press), or unranked because the start could not be had (the lights then go out after a hold of their own).
 */
export type RunStart = { status: 'waiting' } | { status: 'ranked'; start: string } | { status: 'unranked'; reason: string };

export type GameOptions = { timers?: GameTimers; holdMs?: () => number; rankedStart?: RankedStart };

/**
 * The game state, `press(at)` fed with the input event's timeStamp (performance.now's clock), and how the current run
 * stands with the server (null without ranked starts). A ranked run asks for its start as its first light comes on;
 * the lights go out when the server said, counted from its answer, instead of after a hold of the browser's choosing.
 */
export function useReactionGame({ timers = browserTimers, holdMs = randomHold, rankedStart }: GameOptions = {}): [GameState, (at: number) => void, RunStart | null] {
  const [state, dispatch] = useReducer(gameReducer, initialGameState);
  const [run, setRun] = useState<RunStart | null>(null);
  const { phase } = state;
  const lit = phase.name === 'lights' ? phase.lit : 0;
  const awaitingPaint = phase.name === 'out' && phase.paintedAt === null;
  const serverTimesLightsOut = run !== null && run.status !== 'unranked';

  // Each run's number: a start or lights-out arriving for an earlier run is ignored.
  const runNumber = useRef(0);
  const idle = phase.name === 'ready' || phase.name === 'result';
  const cancelServerLightsOut = useRef<() => void>(() => {});
  useEffect(() => () => cancelServerLightsOut.current(), []);

  useEffect(() => {
    if (lit === 0) return;
    if (lit < LIGHT_COUNT) return timers.after(LIGHT_INTERVAL_MS, () => dispatch({ type: 'nextLight' }));
    return serverTimesLightsOut ? undefined : timers.after(holdMs(), () => dispatch({ type: 'lightsOut' }));
  }, [lit, timers, holdMs, serverTimesLightsOut]);

  // A layout effect runs after the lights-out DOM change and before the browser paints it, so the frame
  // requested here is the one that shows the lights out: its timestamp is when the player could see them.
  useLayoutEffect(() => {
    if (!awaitingPaint) return;
    return timers.nextFrame((timestamp) => dispatch({ type: 'painted', at: timestamp }));
  }, [awaitingPaint, timers]);

  const press = useCallback(
    (at: number) => {
      dispatch({ type: 'press', at });
      if (!idle) return;
      runNumber.current += 1;
      cancelServerLightsOut.current();
      if (!rankedStart) return;
      const thisRun = runNumber.current;
      setRun({ status: 'waiting' });
      rankedStart().then(
        ({ start, lightsOutInMs }) => {
          if (thisRun !== runNumber.current) return;
          setRun({ status: 'ranked', start });
          cancelServerLightsOut.current = timers.after(lightsOutInMs, () => dispatch({ type: 'lightsOut' }));
        },
        (error: unknown) => {
          if (thisRun === runNumber.current) setRun({ status: 'unranked', reason: error instanceof Error ? error.message : 'the server did not answer' });
        },
      );
    },
    [idle, rankedStart, timers],
  );
  return [state, press, run];
}
