import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { cachedInSession } from './sessionCache';

const THIRTY_MINUTES = 30 * 60_000;
const headlines = z.array(z.string());

function cacheAt(now: number, load: () => Promise<string[]>) {
  return cachedInSession({ key: 'news', maxAgeMs: THIRTY_MINUTES, schema: async () => headlines, load, now: () => now });
}

describe('the session cache', () => {
  it('serves a stored list until it expires, then loads again', async () => {
    const load = vi.fn().mockResolvedValueOnce(['first']).mockResolvedValueOnce(['second']);
    expect(await cacheAt(0, load)).toEqual(['first']);
    expect(await cacheAt(THIRTY_MINUTES - 1, load)).toEqual(['first']);
    expect(load).toHaveBeenCalledOnce();
    expect(await cacheAt(THIRTY_MINUTES, load)).toEqual(['second']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads an entry that no longer matches its schema', async () => {
    sessionStorage.setItem('news', JSON.stringify({ savedAt: 0, value: [{ title: 'old shape' }] }));
    const load = vi.fn().mockResolvedValue(['fresh']);
    expect(await cacheAt(1, load)).toEqual(['fresh']);
  });

  it('reloads an entry that is not JSON', async () => {
    sessionStorage.setItem('news', '{oops');
    expect(await cacheAt(1, async () => ['fresh'])).toEqual(['fresh']);
  });

  it('does not store a failed load', async () => {
    await expect(cacheAt(0, () => Promise.reject(new Error('Error')))).rejects.toThrow('Error');
    expect(sessionStorage.getItem('news')).toBeNull();
  });
});
