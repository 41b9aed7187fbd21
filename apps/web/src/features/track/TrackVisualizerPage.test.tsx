import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { track2024, track2025 } from './track.fixtures';
import { Component as TrackVisualizerPage } from './TrackVisualizerPage';

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  mockApi({
    '/api/meta': () => json({ featuredSeason: 2025, dataVersion: null }),
    '/api/track/2025': () => json(track2025),
    '/api/track/2024': () => json(track2024),
  });
});

describe('the track visualiser', () => {
  it('opens the featured season at its first circuit, with its facts, record and winners', async () => {
    renderWithApp(<TrackVisualizerPage />, { path: '/track-vizualizer' });
    expect(await screen.findByRole('heading', { name: 'Silverstone Circuit' })).toBeInTheDocument();
    expect(screen.getByText('5.891 km')).toBeInTheDocument();
    expect(screen.getByText('306.198 km')).toBeInTheDocument();
    expect(screen.getByText('1950 British Grand Prix')).toBeInTheDocument();
    expect(screen.getByText('1:27.097')).toBeInTheDocument();
    expect(screen.getByText(/from the race fastest laps in F1DB/)).toBeInTheDocument();
    expect(screen.getByText('Lewis Hamilton')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Season' })).toHaveValue('2025');
    const grid = screen.getByRole('region', { name: 'Every circuit of 2025' });
    expect(within(grid).getAllByRole('link')).toHaveLength(2);
  });

  it('opens on the circuit of the current or next meeting', async () => {
    mockApi({
      '/api/meta': () => json({ featuredSeason: 2025, dataVersion: null }),
      '/api/track/2025': () => json(track2025),
      '/api/get-next': () =>
        json({ fomRaceId: 1, race: { meetingName: 'Italian Grand Prix', meetingCountryName: 'Italy', meetingStartDate: '2025-09-05T11:30:00Z' }, meetingContext: { season: 2025, nr_runda: 16 }, slug: 'italian-grand-prix' }),
    });
    renderWithApp(<TrackVisualizerPage />, { path: '/track-vizualizer' });
    expect(await screen.findByRole('heading', { name: 'Autodromo Nazionale di Monza' })).toBeInTheDocument();
  });

  it('follows a deep link to a circuit and says when a season has no such circuit', async () => {
    const { router } = renderWithApp(<TrackVisualizerPage />, { path: '/track-vizualizer?circuit=monza&season=2025' });
    expect(await screen.findByRole('heading', { name: 'Autodromo Nazionale di Monza' })).toBeInTheDocument();
    expect(screen.getByText('No race on this layout has a fastest lap in our data.')).toBeInTheDocument();
    expect(screen.getByText('No race here has finished yet.')).toBeInTheDocument();

    await router.navigate('/track-vizualizer?circuit=imola&season=2025');
    expect(await screen.findByText('No circuit “imola” in 2025: showing round 1.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Silverstone Circuit' })).toBeInTheDocument();
  });

  it('switches season and circuit with the pickers, keeping the link shareable', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<TrackVisualizerPage />, { path: '/track-vizualizer?circuit=monza' });
    await screen.findByRole('heading', { name: 'Autodromo Nazionale di Monza' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Season' }), '2024');
    expect(await screen.findByRole('region', { name: 'Every circuit of 2024' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?circuit=monza&season=2024');
    expect(screen.getByText(/Round 16:/)).toHaveTextContent('01/09/2024');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Season' }), '2025');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Circuit' }), 'silverstone');
    expect(await screen.findByRole('heading', { name: 'Silverstone Circuit' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?circuit=silverstone&season=2025');
  });
});
