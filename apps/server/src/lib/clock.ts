/**
 * The racing calendar's "now". Pinned by SLIPSTREAM_NOW for demos and tests; security timing
 * (token expiry, rate limits) never reads this clock, it uses Date.now() directly.
 */
export type Clock = {
  now(): Date;
  readonly pinned: boolean;
};

/** A clock that end-to-end tests may move; undefined returns it to real time. */
export type AdjustableClock = Clock & { set(instant: Date | undefined): void };

function systemClock(): Clock {
  return { now: () => new Date(), pinned: false };
}

export function pinnedClock(instant: Date | string): Clock {
  const fixed = new Date(instant).getTime();
  return { now: () => new Date(fixed), pinned: true };
}

export function adjustableClock(initial: Date | undefined): AdjustableClock {
  let fixed = initial?.getTime();
  return {
    now: () => new Date(fixed ?? Date.now()),
    get pinned() {
      return fixed !== undefined;
    },
    set(instant) {
      fixed = instant?.getTime();
    },
  };
}

export function clockFromConfig(config: { pinnedNow: Date | undefined; testHooks: boolean }): Clock {
  if (config.testHooks) return adjustableClock(config.pinnedNow);
  return config.pinnedNow ? pinnedClock(config.pinnedNow) : systemClock();
}

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).set === 'function';
}
