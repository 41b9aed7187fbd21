import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isDrawnClockwise, pointOnLap, type MeasuredPath } from './lapPath';

/** One lap of the marker, smoothly. */
export const LAP_MS = 8000;
/** With reduced motion: the lap in this many jumps, one a second, and no gliding in between. */
export const LAP_STEPS = 12;
export const STEP_MS = 1000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
}

export type LapAnimation = {
  running: boolean;
  /** The marker's place in the drawing's coordinates, null when no lap has been asked for. */
  marker: { x: number; y: number } | null;
  /** Smooth, or stepped when the visitor asks for reduced motion. */
  stepped: boolean;
  start(): void;
  stop(): void;
};

/**
 * Drives a marker once round the lap on request, in the circuit's racing direction: gliding along the path
 * (requestAnimationFrame), or in a few discrete steps when the visitor prefers reduced motion.
 */
export function useLapAnimation(path: MeasuredPath | null, clockwise: boolean): LapAnimation {
  const stepped = usePrefersReducedMotion();
  const [running, setRunning] = useState(false);
  const [marker, setMarker] = useState<{ x: number; y: number } | null>(null);
  const cancel = useRef<() => void>(() => {});

  const stop = useCallback(() => {
    cancel.current();
    cancel.current = () => {};
    setRunning(false);
  }, []);

  const start = useCallback(() => {
    if (!path) return;
    cancel.current();
    const reversed = isDrawnClockwise(path) !== clockwise;
    const place = (share: number) => setMarker(pointOnLap(path, Math.min(share, 1), reversed));
    const finish = () => {
      cancel.current = () => {};
      setRunning(false);
    };
    setRunning(true);
    place(0);
    cancel.current = stepped ? runStepped(place, finish) : runSmooth(place, finish);
  }, [path, clockwise, stepped]);

  // A page left midway: no animation keeps running. (A new circuit mounts a new drawing, hence new state.)
  useEffect(() => stop, [stop]);

  return { running, marker, stepped, start, stop };
}

function runSmooth(place: (share: number) => void, finish: () => void): () => void {
  let frame = 0;
  let startedAt: number | undefined;
  const tick = (time: number) => {
    startedAt ??= time;
    const share = (time - startedAt) / LAP_MS;
    place(share);
    if (share >= 1) finish();
    else frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(frame);
}

function runStepped(place: (share: number) => void, finish: () => void): () => void {
  let step = 0;
  const timer = setInterval(() => {
    step += 1;
    place(step / LAP_STEPS);
    if (step === LAP_STEPS) {
      clearInterval(timer);
      finish();
    }
  }, STEP_MS);
  return () => clearInterval(timer);
}
