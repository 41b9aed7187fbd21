import { describe, expect, it } from 'vitest';
import { wholePercentages } from './service';
import { addressHash, newVisitorId, signVisitorId, verifyVisitorCookie, voteKeys } from './visitor';

describe('visitor cookie', () => {
  const keys = voteKeys('a session secret of at least thirty-two characters');

  it('carries a visitor id only this server can sign', () => {
    const id = newVisitorId();
    const cookie = signVisitorId(keys.cookie, id);
    expect(verifyVisitorCookie(keys.cookie, cookie)).toBe(id);
    expect(verifyVisitorCookie(voteKeys('another secret of at least thirty-two characters').cookie, cookie)).toBeUndefined();
    expect(verifyVisitorCookie(keys.address, cookie)).toBeUndefined();
    expect(verifyVisitorCookie(keys.cookie, cookie.replace(id, newVisitorId()))).toBeUndefined();
    expect(verifyVisitorCookie(keys.cookie, `${cookie}.extra`)).toBeUndefined();
    expect(verifyVisitorCookie(keys.cookie, '')).toBeUndefined();
  });
});

describe('client address', () => {
  it('is kept as a keyed hash, never the address', () => {
    const { address } = voteKeys('a session secret of at least thirty-two characters');
    const hash = addressHash(address, '203.0.113.7');
    expect(hash).not.toContain('203');
    expect(hash).toBe(addressHash(address, '::ffff:203.0.113.7'));
    expect(hash).not.toBe(addressHash(address, '203.0.113.8'));
  });
});

describe('wholePercentages', () => {
  it('gives whole numbers that add up to 100, the extra points to the largest remainders, earlier first', () => {
    expect(wholePercentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercentages([3, 2, 1])).toEqual([50, 33, 17]);
    expect(wholePercentages([2, 1])).toEqual([67, 33]);
    expect(wholePercentages([7])).toEqual([100]);
    expect(wholePercentages([0, 0])).toEqual([0, 0]);
    expect(wholePercentages([])).toEqual([]);
    const many = wholePercentages([13, 7, 5, 3, 1, 1, 1]);
    expect(many.reduce((sum, value) => sum + value, 0)).toBe(100);
  });
});
