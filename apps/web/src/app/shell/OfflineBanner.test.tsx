import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_STORED_AT_HEADER } from '@slipstream/contract/pages';
import { api } from '../../lib/api';
import { clearOfflineAnswers, formatAge } from '../../lib/offline';
import { mockApi } from '../../test/api';
import { OfflineBanner } from './OfflineBanner';

const meta = { season: 2025, f1dbVersion: 'v2025.13.0' };

/** An answer as the service worker gives it offline: the stored copy, marked with when it was stored. */
function storedAnswer(body: unknown, storedAt: Date): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json', [OFFLINE_STORED_AT_HEADER]: storedAt.toISOString() },
  });
}

afterEach(() => act(() => clearOfflineAnswers()));

describe('the offline banner', () => {
  it('says the visitor is offline and how old the data are while an answer on screen came from the store', async () => {
    render(<OfflineBanner />);
    expect(screen.queryByText(/You are offline/)).toBeNull();

    mockApi({ '/api/meta': () => storedAnswer(meta, new Date(Date.now() - 5.5 * 60_000)) });
    await act(() => api('meta').catch(() => undefined));
    expect(screen.getByText('You are offline — showing data from 5 minutes ago')).toBeVisible();

    // The same answer fresh from the network clears the note.
    mockApi({ '/api/meta': () => new Response(JSON.stringify(meta), { headers: { 'content-type': 'application/json' } }) });
    await act(() => api('meta').catch(() => undefined));
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('words the age of the data in the largest whole unit', () => {
    const now = Date.parse('2025-07-05T12:00:00Z');
    expect(formatAge(now - 20_000, now)).toBe('just now');
    expect(formatAge(now - 60_000, now)).toBe('1 minute ago');
    expect(formatAge(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(formatAge(now - 26 * 3600_000, now)).toBe('yesterday');
  });
});
