import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/api';
import { api, ApiError, NETWORK_FAILURE, networkTimeoutMs } from './api';

describe('the API client', () => {
  it('parses a successful answer with the contract', async () => {
    mockApi({ '/api/time': () => json({ now: '2025-07-05T12:00:00.000Z', pinned: true }) });
    await expect(api('time')).resolves.toEqual({ now: '2025-07-05T12:00:00.000Z', pinned: true });
  });

  it("rejects with the server's message field", async () => {
    mockApi({ '/api/get-next': () => json({ message: 'No upcoming meeting in 2025' }, 404) });
    const failure = api('nextMeeting');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'No upcoming meeting in 2025' });
  });

  it('rejects with "Error" when the answer has no message', async () => {
    mockApi({ '/api/meta': () => json({ detail: 'something else' }, 500) });
    await expect(api('meta')).rejects.toMatchObject({ status: 500, message: 'Error' });
  });

  it('rejects with "Error" when the answer is not JSON', async () => {
    mockApi({ '/api/meta': () => new Response('<h1>Bad gateway</h1>', { status: 502 }) });
    await expect(api('meta')).rejects.toMatchObject({ status: 502, message: 'Error' });
  });

  it('rejects with "Error" when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api('meta')).rejects.toMatchObject({ status: 0, message: 'Error' });
  });

  it('rejects an answer that does not match the contract, naming the path', async () => {
    mockApi({ '/api/time': () => json({ now: 42 }) });
    await expect(api('time')).rejects.toThrow(/Unexpected answer from \/api\/time/);
  });

  it('accepts the "too soon" message as a last-meeting answer', async () => {
    const tooSoon = { message: 'Upcoming race too soon. Skipping last results.' };
    mockApi({ '/api/get-last': () => json(tooSoon) });
    await expect(api('lastMeeting')).resolves.toEqual(tooSoon);
  });

  it('builds query strings and escapes path segments', async () => {
    const fetchMock = mockApi({});
    await api('drivers', { query: { order: 'asc', season: 2024 } }).catch(() => undefined);
    await api('meeting', { params: { year: 2025, slug: 'são paulo' } }).catch(() => undefined);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/drivers?order=asc&season=2024',
      '/api/seasons/2025/meetings/s%C3%A3o%20paulo',
    ]);
  });

  it('gives accounts calls the network time-out of docs/product.md (Calls and failures): 30 s on a desktop, 60 s on a phone', () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' });
    expect(networkTimeoutMs()).toBe(30_000);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148' });
    expect(networkTimeoutMs()).toBe(60_000);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Linux; Android 15)', userAgentData: { mobile: false } });
    expect(networkTimeoutMs()).toBe(30_000);
  });

  it('turns a request past its time-out into a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('signal timed out', 'TimeoutError')));
    await expect(api('authProviders')).rejects.toMatchObject({ status: 0, code: NETWORK_FAILURE });
  });
});
