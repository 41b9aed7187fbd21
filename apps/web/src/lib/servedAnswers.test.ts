import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/api';
import { servePage, removeServedPage } from '../test/servedPage';

afterEach(() => {
  removeServedPage();
  vi.resetModules();
});

describe('answers served with the page', () => {
  it('answer the first read of their path without a request, and only the first', async () => {
    servePage({ '/api/meta': { featuredSeason: 2025, dataVersion: null } });
    const { api } = await import('./api');
    const requests = mockApi({ '/api/meta': () => json({ featuredSeason: 2024, dataVersion: null }) });
    await expect(api.getMeta()).resolves.toEqual({ featuredSeason: 2025, dataVersion: null });
    await expect(api.getMeta()).resolves.toEqual({ featuredSeason: 2024, dataVersion: null });
    expect(requests).toHaveBeenCalledTimes(1);
  });

  it('are checked against the contract like any answer', async () => {
    servePage({ '/api/time': { now: 42 } });
    const { api } = await import('./api');
    mockApi({});
    await expect(api.getTime()).rejects.toThrow(/Unexpected answer from \/time/);
  });

  it('are not used for other paths, nor when the page has none', async () => {
    const { api } = await import('./api');
    const requests = mockApi({ '/api/meta': () => json({ featuredSeason: 2024, dataVersion: null }) });
    await expect(api.getMeta()).resolves.toEqual({ featuredSeason: 2024, dataVersion: null });
    expect(requests).toHaveBeenCalledTimes(1);
  });
});
