/**
 * The racing calendar's "now". Pinned by SLIPSTREAM_NOW for demos and tests; security timing
 * (token expiry, rate limits) never reads this clock, it uses Date.now() directly.
 */
export type Clock = {
  now(): Date;
  readonly pinned: boolean;
};

export function systemClock(): Clock {
  return { now: () => new Date(), pinned: false };
}

export function pinnedClock(instant: Date | string): Clock {
  const fixed = new Date(instant).getTime();
  return { now: () => new Date(fixed), pinned: true };
}

export function clockFromConfig(pinnedNow: Date | undefined): Clock {
  return pinnedNow ? pinnedClock(pinnedNow) : systemClock();
}
