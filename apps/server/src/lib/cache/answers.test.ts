import { describe, expect, it } from 'vitest';
import { memoryCache, remember, rememberJson } from './answers';

describe('memoryCache', () => {
  it('evicts the least recently used entry beyond its size', async () => {
    const cache = memoryCache({ maxBytes: 1024 * 1024, maxEntries: 2 });
    await cache.set('a', '1', 60);
    await cache.set('b', '2', 60);
    expect(await cache.get('a')).toBe('1'); // a is now more recent than b
    await cache.set('c', '3', 60);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe('1');
    expect(await cache.get('c')).toBe('3');
  });

  it('forgets an entry once its time to live has passed', async () => {
    let now = 1_000_000;
    const cache = memoryCache({ now: () => now });
    await cache.set('a', '1', 10);
    now += 9_999;
    expect(await cache.get('a')).toBe('1');
    now += 1;
    expect(await cache.get('a')).toBeUndefined();
  });
});

describe('remember', () => {
  it('computes once and then answers from the cache', async () => {
    const cache = memoryCache();
    let calls = 0;
    const compute = async () => ({ calls: ++calls });
    expect(await remember(cache, 'k', 60, compute)).toEqual({ calls: 1 });
    expect(await remember(cache, 'k', 60, compute)).toEqual({ calls: 1 });
    expect(await rememberJson(cache, 'k', 60, compute)).toBe('{"calls":1}');
  });

  it('does not cache a failure', async () => {
    const cache = memoryCache();
    await expect(remember(cache, 'k', 60, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await remember(cache, 'k', 60, async () => 'ok')).toBe('ok');
  });
});

describe('memoryCache by bytes', () => {
  it('keeps at most its budget of bytes, whatever the number of entries', async () => {
    const cache = memoryCache({ maxBytes: 100_000 });
    for (let i = 0; i < 50; i += 1) await cache.set(`key-${i}`, 'x'.repeat(10_000), 60);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(await cache.get('key-49')).toHaveLength(10_000);
    expect(await cache.get('key-0')).toBeUndefined();
  });
});
