import { describe, expect, it } from 'vitest';
import { keptReads } from './kept';

describe('keptReads', () => {
  let clockMs = 0;
  const revision = { current: '0' };
  let reads = 0;
  const counted = () => Promise.resolve(++reads);

  it('shares one read among the callers within its keep-time, then reads again', async () => {
    const kept = keptReads<number>(revision, { keepMs: 1000, now: () => clockMs });
    reads = 0;
    const [first, second] = await Promise.all([kept.read('a', counted), kept.read('a', counted)]);
    clockMs += 999;
    expect([first, second, await kept.read('a', counted)]).toEqual([1, 1, 1]);
    clockMs += 1;
    expect(await kept.read('a', counted)).toBe(2);
  });

  it('reads again at once when the data revision moves', async () => {
    const kept = keptReads<number>(revision, { keepMs: 1000, now: () => clockMs });
    reads = 0;
    await kept.read('a', counted);
    expect(await kept.read('a', counted)).toBe(1);
    revision.current = '1';
    expect(await kept.read('a', counted)).toBe(2);
  });

  it('keeps each key apart, at most maxKeys, the least recently read out first', async () => {
    const kept = keptReads<string>(revision, { keepMs: 1000, maxKeys: 2, now: () => clockMs });
    await kept.read('a', async () => 'a1');
    await kept.read('b', async () => 'b1');
    expect(await kept.read('a', async () => 'a2')).toBe('a1');
    await kept.read('c', async () => 'c1');
    expect(await kept.read('b', async () => 'b2')).toBe('b2');
    expect(await kept.read('c', async () => 'c2')).toBe('c1');
  });

  it('does not keep a failed read', async () => {
    const kept = keptReads<number>(revision, { keepMs: 1000, now: () => clockMs });
    await expect(kept.read('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.read('a', () => Promise.resolve(7))).toBe(7);
  });
});
