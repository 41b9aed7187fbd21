import { describe, expect, it } from 'vitest';
import { applyDelta, lineOffset, parseJsonStream, parseOffset, stateAt } from './stream';

describe('applyDelta', () => {
  it('merges objects key by key and replaces anything else', () => {
    const state = { Lines: { '1': { Position: '1', GapToLeader: '' }, '44': { Position: '2' } }, Withheld: false };
    expect(applyDelta(state, { Lines: { '44': { Position: '1' }, '1': { Position: '2', GapToLeader: '+0.5' } } })).toEqual({
      Lines: { '1': { Position: '2', GapToLeader: '+0.5' }, '44': { Position: '1' } },
      Withheld: false,
    });
    expect(applyDelta({ Status: 'Started' }, { Status: 'Finished' })).toEqual({ Status: 'Finished' });
    expect(applyDelta({ a: { b: 1 } }, { a: 'flat' })).toEqual({ a: 'flat' });
    expect(applyDelta(undefined, { Status: 'Inactive' })).toEqual({ Status: 'Inactive' });
  });

  it('changes a list that came as an array through objects keyed by index', () => {
    const first = { Stints: [{ Compound: 'SOFT', TotalLaps: 1 }] };
    const second = applyDelta(first, { Stints: { '0': { TotalLaps: 12 }, '1': { Compound: 'HARD', TotalLaps: 0 } } });
    expect(second).toEqual({ Stints: [{ Compound: 'SOFT', TotalLaps: 12 }, { Compound: 'HARD', TotalLaps: 0 }] });
    expect(Array.isArray((second as { Stints: unknown }).Stints)).toBe(true);
    expect(applyDelta({ BestLapTimes: [{ Value: '' }, {}, {}] }, { BestLapTimes: { '2': { Value: '1:11.383', Lap: 11 } } })).toEqual({
      BestLapTimes: [{ Value: '' }, {}, { Value: '1:11.383', Lap: 11 }],
    });
  });

  it('removes the keys a delta lists in _deleted', () => {
    expect(applyDelta({ BestLapTime: { Value: '1:11.383', Lap: 11 } }, { BestLapTime: { Value: '', _deleted: ['Lap'] } })).toEqual({
      BestLapTime: { Value: '' },
    });
  });

  it('never changes the state it is given', () => {
    const state = { Lines: { '1': { Sectors: [{ Value: '30.1' }] } } };
    const copy = structuredClone(state);
    const next = applyDelta(state, { Lines: { '1': { Sectors: { '0': { Value: '29.9' } } } } });
    expect(state).toEqual(copy);
    expect(next).not.toBe(state);
  });
});

describe('parseJsonStream and stateAt', () => {
  const stream = [
    '\uFEFF00:00:07.726{"Status":"Inactive"}',
    '01:10:45.523{"Status":"Started"}',
    '01:47:18.325{"Status":"Finished"}',
    '01:53:46.154{"Status":"Finalised"}',
    '',
  ].join('\r\n');

  it('reads the time offsets and deltas, a byte-order mark and CRLF line ends included', () => {
    const { messages, errors } = parseJsonStream(stream);
    expect(errors).toEqual([]);
    expect(messages.map((message) => message.offsetMs)).toEqual([7_726, 4_245_523, 6_438_325, 6_826_154]);
    expect(messages[0]!.delta).toEqual({ Status: 'Inactive' });
  });

  it('gives the state at any moment of the session, the final state by default', () => {
    const { messages } = parseJsonStream(stream);
    expect(stateAt(messages, 0)).toBeUndefined();
    expect(stateAt(messages, parseOffset('01:30:00.000'))).toEqual({ Status: 'Started' });
    expect(stateAt(messages, parseOffset('01:47:18.325'))).toEqual({ Status: 'Finished' });
    expect(stateAt(messages)).toEqual({ Status: 'Finalised' });
  });

  it('applies the lines in file order, so of two deltas at the same moment the later line wins', () => {
    const { messages } = parseJsonStream('00:00:01.000{"Lines":{"1":{"Position":"1"}}}\n00:00:01.000{"Lines":{"1":{"Position":"3"}}}\n');
    expect(stateAt(messages)).toEqual({ Lines: { '1': { Position: '3' } } });
  });

  it('skips a malformed line, says which and why, and applies the others', () => {
    const { messages, errors } = parseJsonStream('00:00:01.000{"a":1}\nnot a line\n00:00:02.000{"a":\n00:00:03.000{"b":2}\n');
    expect(stateAt(messages)).toEqual({ a: 1, b: 2 });
    expect(errors).toEqual([
      { line: 2, reason: 'no HH:MM:SS.mmm time at the start' },
      { line: 3, reason: expect.stringMatching(/^not JSON after the time/) },
    ]);
  });

  it('reads and writes time offsets', () => {
    expect(parseOffset('01:47:18.325')).toBe(6_438_325);
    expect(parseOffset('1:47:18')).toBeUndefined();
    expect(parseOffset('01:47:18.325x')).toBeUndefined();
    expect(lineOffset('\uFEFF00:00:07.726{"Status":"Inactive"}')).toBe(7_726);
    expect(lineOffset('{"Status":"Inactive"}')).toBeUndefined();
  });
});
