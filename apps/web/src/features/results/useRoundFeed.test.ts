import { describe, expect, it } from 'vitest';
import { feedReducer, startFeed, startFeedFrom, type FeedEvent, type FeedState } from './useRoundFeed';

const run = (state: FeedState<string>, ...events: FeedEvent<string>[]) => events.reduce(feedReducer<string>, state);

describe('the round counter', () => {
  it('starts at the latest round and decrements per loaded round', () => {
    const state = run(startFeed({ round: 24, probing: false }), { type: 'loaded', round: 'r24' });
    expect(state).toMatchObject({ rounds: ['r24'], counter: 23, phase: 'idle' });
    expect(run(state, { type: 'more' }, { type: 'loaded', round: 'r23' })).toMatchObject({ rounds: ['r24', 'r23'], counter: 22 });
  });

  it('loads one round at a time', () => {
    const loading = startFeed<string>({ round: 24, probing: false });
    expect(run(loading, { type: 'more' })).toBe(loading);
  });

  it('goes to 0 on an empty result, which ends loading', () => {
    const state = run(startFeed({ round: 24, probing: false }), { type: 'loaded', round: 'r24' }, { type: 'more' }, { type: 'empty' });
    expect(state).toMatchObject({ counter: 0, phase: 'done', failed: false });
    expect(run(state, { type: 'more' })).toBe(state);
  });

  it('goes to 0 on an error, and remembers it failed', () => {
    expect(run(startFeed({ round: 24, probing: false }), { type: 'failed' })).toMatchObject({ counter: 0, phase: 'done', failed: true });
  });

  it('ends after round 1', () => {
    expect(run(startFeed({ round: 1, probing: false }), { type: 'loaded', round: 'r1' })).toMatchObject({ counter: 0, phase: 'done' });
  });

  it('steps down past empty rounds while probing, then ends on the next empty one', () => {
    const probing = run(startFeed({ round: 12, probing: true }), { type: 'empty' });
    expect(probing).toMatchObject({ counter: 11, phase: 'loading', probing: true });
    const found = run(probing, { type: 'loaded', round: 'r11' });
    expect(found).toMatchObject({ rounds: ['r11'], counter: 10, probing: false });
    expect(run(found, { type: 'more' }, { type: 'empty' })).toMatchObject({ counter: 0, phase: 'done' });
  });

  it('remembers the rounds it stepped past while probing, whose results are not in yet', () => {
    const found = run(startFeed({ round: 21, probing: true }), { type: 'empty' }, { type: 'empty' }, { type: 'loaded', round: 'r19' });
    expect(found).toMatchObject({ rounds: ['r19'], awaiting: [21, 20] });
    // An empty round once the feed has found results is the season's start, not a missing one.
    expect(run(found, { type: 'more' }, { type: 'empty' })).toMatchObject({ awaiting: [21, 20], phase: 'done' });
    expect(run(startFeed({ round: 24, probing: false }), { type: 'empty' })).toMatchObject({ awaiting: [] });
  });

  it('has nothing to load when no round has results', () => {
    expect(startFeed({ round: 0, probing: true })).toMatchObject({ phase: 'done', counter: 0 });
    expect(run(startFeed({ round: 1, probing: true }), { type: 'empty' })).toMatchObject({ phase: 'done', counter: 0, awaiting: [1] });
  });
});

describe('a feed whose first rounds were already read', () => {
  const read = new Map<number, string | null>([
    [24, null],
    [23, 'r23'],
  ]);
  const cached = (round: number) => read.get(round);

  it('starts with them: probing steps past an empty round, then takes the round that has results', () => {
    expect(startFeedFrom({ round: 24, probing: true }, cached)).toMatchObject({ rounds: ['r23'], counter: 22, phase: 'idle' });
  });

  it('starts loading as usual when its first round was not read', () => {
    expect(startFeedFrom<string>({ round: 22, probing: false }, cached)).toEqual(startFeed({ round: 22, probing: false }));
  });
});
