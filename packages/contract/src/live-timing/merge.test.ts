import { describe, expect, it } from 'vitest';
import { applyDelta, diffState } from './merge';

describe('diffState', () => {
  const cases: [string, unknown, unknown][] = [
    ['a changed leaf', { a: { b: 1, c: 2 } }, { a: { b: 1, c: 3 } }],
    ['a removed key', { a: 1, b: 2 }, { a: 1 }],
    ['an object emptied', { cars: { '4': { p: 1 } } }, { cars: {} }],
    ['a list reordered', { order: ['4', '81'] }, { order: ['81', '4'] }],
    ['a value turned null', { gap: '+1.2' }, { gap: null }],
    ['an object from nothing', null, { a: { b: [1, 2] } }],
  ];

  it.each(cases)('gives the delta applyDelta turns back into the new state: %s', (_name, before, after) => {
    expect(applyDelta(before, diffState(before, after))).toEqual(after);
  });

  it('gives nothing when nothing changed, and only the changed branch otherwise', () => {
    expect(diffState({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeUndefined();
    expect(diffState({ a: { b: 1 }, c: { d: 1 } }, { a: { b: 2 }, c: { d: 1 } })).toEqual({ a: { b: 2 } });
    expect(diffState({ a: 1, b: 2 }, { a: 1 })).toEqual({ _deleted: ['b'] });
  });
});
