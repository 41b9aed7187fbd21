import { applyDelta } from '../stream';
import type { LiveTimingSession, LiveTimingSink } from './sink';

/** What a merged live-timing source holds: the session, every topic's state, and whether the feed has ended. */
export type LiveTimingSnapshot = {
  session: LiveTimingSession | undefined;
  state: Record<string, unknown>;
  ended: boolean;
};

export type MergedLiveTiming = LiveTimingSink & { snapshot(): LiveTimingSnapshot };

/** A sink that keeps the merged state of every topic (applyDelta), for whoever needs the whole of it. */
export function mergedLiveTiming(): MergedLiveTiming {
  let session: LiveTimingSession | undefined;
  let state: Record<string, unknown> = {};
  let ended = false;
  return {
    reset(nextSession, nextState) {
      session = nextSession;
      state = { ...nextState };
      ended = false;
    },
    apply(topic, delta) {
      state[topic] = applyDelta(state[topic], delta);
    },
    end() {
      ended = true;
    },
    snapshot: () => ({ session, state, ended }),
  };
}

/** One sink that passes every call on to each of these, in order. */
export function teeSink(...sinks: LiveTimingSink[]): LiveTimingSink {
  return {
    reset: (session, state) => sinks.forEach((sink) => sink.reset(session, state)),
    apply: (topic, delta, at) => sinks.forEach((sink) => sink.apply(topic, delta, at)),
    end: () => sinks.forEach((sink) => sink.end()),
  };
}
