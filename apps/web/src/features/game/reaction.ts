import { HOLD_MS, LIGHT_COUNT, LIGHT_INTERVAL_MS, REACTION_BOUNDS_MS } from '@slipstream/contract';

/**
 * The reaction game's rules as a pure state machine: five red lights come on one a second, stay on for a
 * random hold, then go out; the reaction runs from the frame that paints them out to the player's press.
 * Timing (timers, frames) lives in useReactionGame, so tests drive this with plain events. The sequence's
 * numbers are the contract's, which the server's ranked starts follow too.
 */

export { HOLD_MS, LIGHT_COUNT, LIGHT_INTERVAL_MS };
export const HISTORY_SIZE = 10;

/** A random hold within HOLD_MS; `random` is injectable so a test can choose it. */
export function randomHold(random: () => number = Math.random): number {
  return HOLD_MS.min + random() * (HOLD_MS.max - HOLD_MS.min);
}

export type Attempt =
  /** A reaction within human reach: scored. */
  | { kind: 'time'; ms: number }
  /** Quicker than a human can react: the player anticipated, so it is shown but never a record. */
  | { kind: 'guess'; ms: number }
  /** Pressed while the lights were still on. */
  | { kind: 'jumpStart' };

export type Phase =
  | { name: 'ready' }
  | { name: 'lights'; lit: number }
  /** Lights out: waiting for the frame that paints them out and for the press (either may come first). */
  | { name: 'out'; paintedAt: number | null; pressedAt: number | null }
  | { name: 'result'; attempt: Attempt };

export type GameState = {
  phase: Phase;
  /** The latest tries, newest first. */
  tries: Attempt[];
  /** The quickest scored time of this visit. */
  sessionBest: number | null;
};

export type GameEvent =
  /** The player's click, tap or key, stamped with the event's high-resolution time. */
  | { type: 'press'; at: number }
  /** A second has passed with lights coming on. */
  | { type: 'nextLight' }
  /** The hold is over. */
  | { type: 'lightsOut' }
  /** The animation-frame time of the frame that paints the lights out. */
  | { type: 'painted'; at: number };

export const initialGameState: GameState = { phase: { name: 'ready' }, tries: [], sessionBest: null };

export function gameReducer(state: GameState, event: GameEvent): GameState {
  const { phase } = state;
  switch (event.type) {
    case 'press':
      if (phase.name === 'ready' || phase.name === 'result') return { ...state, phase: { name: 'lights', lit: 1 } };
      if (phase.name === 'lights') return finish(state, { kind: 'jumpStart' });
      if (phase.paintedAt === null) return { ...state, phase: { ...phase, pressedAt: phase.pressedAt ?? event.at } };
      return finish(state, attemptOf(event.at - phase.paintedAt));
    case 'nextLight':
      if (phase.name !== 'lights' || phase.lit >= LIGHT_COUNT) return state;
      return { ...state, phase: { name: 'lights', lit: phase.lit + 1 } };
    case 'lightsOut':
      if (phase.name !== 'lights' || phase.lit < LIGHT_COUNT) return state;
      return { ...state, phase: { name: 'out', paintedAt: null, pressedAt: null } };
    case 'painted':
      if (phase.name !== 'out' || phase.paintedAt !== null) return state;
      if (phase.pressedAt !== null) return finish(state, attemptOf(phase.pressedAt - event.at));
      return { ...state, phase: { ...phase, paintedAt: event.at } };
  }
}

/** A press before the frame that showed the lights out was still a jump start. */
function attemptOf(elapsed: number): Attempt {
  if (elapsed < 0) return { kind: 'jumpStart' };
  const ms = Math.round(elapsed);
  return ms < REACTION_BOUNDS_MS.min ? { kind: 'guess', ms } : { kind: 'time', ms };
}

function finish(state: GameState, attempt: Attempt): GameState {
  const scored = attempt.kind === 'time' ? attempt.ms : null;
  return {
    phase: { name: 'result', attempt },
    tries: [attempt, ...state.tries].slice(0, HISTORY_SIZE),
    sessionBest: scored !== null && (state.sessionBest === null || scored < state.sessionBest) ? scored : state.sessionBest,
  };
}

type Band = { below: number; title: string; message: string };

/** What a time means, from quickest to slowest; a Formula 1 driver typically reacts in about 0.2 s. */
export const BANDS: Band[] = [
  { below: 150, title: 'Unreal', message: 'A launch the whole grid would envy. Can you do it again?' },
  { below: 200, title: 'Race winner', message: 'Faster than most Formula 1 drivers: you lead into the first corner.' },
  { below: 250, title: 'Front row', message: 'Right with the professionals. You hold your place off the line.' },
  { below: 300, title: 'Solid start', message: 'A tidy getaway, though the car behind pulls alongside.' },
  { below: 400, title: 'Midfield', message: 'A few cars got the jump on you. Keep your eyes on the lights.' },
  { below: Number.POSITIVE_INFINITY, title: 'Bogged down', message: 'The field streamed past. Wait for the lights, then go at once.' },
];

export function describeAttempt(attempt: Attempt): { title: string; message: string } {
  if (attempt.kind === 'jumpStart') return { title: 'Jump start', message: 'You went before the lights went out. That one does not count.' };
  if (attempt.kind === 'guess') return { title: 'Too quick to be true', message: 'Under 100 ms is a guess, not a reaction, so it does not count.' };
  const band = BANDS.find((b) => attempt.ms < b.below)!;
  return { title: band.title, message: band.message };
}
