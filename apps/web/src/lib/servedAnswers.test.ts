import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/api';

/** The page as the server sends it: the answers it asks for first, written in (modules/seo on the server). */
function servePage(answers: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'served-answers';
  script.textContent = JSON.stringify(answers);
  document.head.append(script);
}

afterEach(() => {
  document.getElementById('served-answers')?.remove();
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
