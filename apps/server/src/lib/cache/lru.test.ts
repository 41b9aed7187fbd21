import { describe, expect, it } from 'vitest';
import { approximateBytes, byteLru, textBytes } from './lru';

describe('byteLru', () => {
  it('keeps its bytes under the budget, the least recently used going out first', () => {
    const lru = byteLru<string>({ maxBytes: 1000 });
    lru.set('a', 'x', 300);
    lru.set('b', 'y', 300);
    expect(lru.get('a')).toBe('x');
    lru.set('c', 'z', 300);
    expect(lru.bytes).toBeLessThanOrEqual(1000);
    expect(lru.peek('b')).toBeUndefined();
    expect(lru.peek('a')).toBe('x');
    expect(lru.peek('c')).toBe('z');
  });

  it('refuses a value heavier than the whole budget, and forgets what was under its key', () => {
    const lru = byteLru<string>({ maxBytes: 1000 });
    lru.set('a', 'small', 10);
    expect(lru.set('a', 'huge', 5000)).toBe(false);
    expect(lru.peek('a')).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });

  it('counts a value stored again once, and honours an entry limit too', () => {
    const lru = byteLru<number>({ maxBytes: 10_000, maxEntries: 2 });
    lru.set('a', 1, 100);
    lru.set('a', 2, 200);
    const one = lru.bytes;
    lru.set('b', 3, 100);
    lru.set('c', 4, 100);
    expect(lru.size).toBe(2);
    expect(lru.peek('a')).toBeUndefined();
    lru.delete('b');
    lru.delete('c');
    expect(lru.bytes).toBe(0);
    expect(one).toBeGreaterThan(200);
  });

  it('weighs strings at two bytes a character and parsed values by their JSON', () => {
    expect(textBytes('abc')).toBe(6);
    expect(approximateBytes('abc')).toBe(6);
    expect(approximateBytes({ a: [1, 2] })).toBeGreaterThan(JSON.stringify({ a: [1, 2] }).length);
    expect(approximateBytes(new Map([['k', 'v'.repeat(100)]]))).toBeGreaterThan(100);
  });
});
