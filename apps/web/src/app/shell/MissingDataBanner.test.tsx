import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { MissingDataBanner } from './MissingDataBanner';

afterEach(() => vi.unstubAllGlobals());

const loaded = { featuredSeason: 2025, dataVersion: { source: 'F1DB', version: 'v6.5.0+abc', dataDate: '2025-07-01T00:00:00Z', importedAt: '2025-07-02T00:00:00Z' } };

describe('the missing F1 data banner', () => {
  it('says why the F1 data is not there and when the server tries again', async () => {
    const reason = 'Could not reach http://127.0.0.1:1/: fetch failed';
    mockApi({ '/api/meta': () => json({ featuredSeason: 2026, dataVersion: null, missingF1Data: { reason, nextTryAt: '2026-11-28T04:30:00.000Z' } }) });
    renderWithApp(<MissingDataBanner />);
    expect(await screen.findByText(`F1 data is not loaded yet: ${reason}. Next try: 28/11/2026 04:30 UTC.`)).toBeVisible();
  });

  it('says the next try is the next start when the server does not retry on a schedule', async () => {
    mockApi({ '/api/meta': () => json({ featuredSeason: 2026, dataVersion: null, missingF1Data: { reason: 'no F1DB import has run', nextTryAt: null } }) });
    renderWithApp(<MissingDataBanner />);
    expect(await screen.findByText(/The server tries again at its next start\.$/)).toBeVisible();
  });

  it('shows nothing once the data is loaded', async () => {
    const fetchMock = mockApi({ '/api/meta': () => json(loaded) });
    renderWithApp(<MissingDataBanner />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText(/F1 data is not loaded yet/)).toBeNull();
  });
});
