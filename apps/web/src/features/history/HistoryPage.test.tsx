import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChampionSeason, HistoryResponse } from '@slipstream/contract';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { Component as HistoryPage } from './HistoryPage';

const season = (year: number, driver: string, team: string | null, decidedAt: string): ChampionSeason => ({
  year,
  driver: { id: driver.toLowerCase().replace(/ /g, '-'), name: driver, countryCode: 'GB', teams: ['McLaren'], points: 98, wins: 5 },
  constructor: team ? { id: team.toLowerCase(), name: team, points: 151 } : null,
  decidedAt: { season: year, round: 18, name: decidedAt, slug: decidedAt.toLowerCase().replace(/ /g, '-') },
});

const history: HistoryResponse = {
  through: { season: 2025, round: 11, name: 'Austrian Grand Prix', slug: 'austrian-grand-prix' },
  racesMissing: 0,
  eras: [
    { id: 'front-engine', name: 'Front-engined years', from: 1950, to: 1960, summary: 'Engines ahead of the driver.', seasons: [season(1950, 'Nino Farina', null, 'Italian Grand Prix')] },
    {
      id: 'hybrid',
      name: 'Hybrid era',
      from: 2014,
      to: 2021,
      summary: 'V6 turbo hybrids.',
      seasons: [season(2008, 'Lewis Hamilton', 'Ferrari', 'Brazilian Grand Prix'), season(2021, 'Max Verstappen', 'Mercedes', 'Abu Dhabi Grand Prix')],
    },
  ],
  records: {
    drivers: [
      {
        category: 'titles',
        title: 'Most drivers’ titles',
        counting: 'Championships won.',
        holders: [
          { rank: 1, id: 'lewis-hamilton', name: 'Lewis Hamilton', value: 7 },
          { rank: 1, id: 'michael-schumacher', name: 'Michael Schumacher', value: 7 },
        ],
      },
    ],
    constructors: [
      { category: 'titles', title: 'Most constructors’ titles', counting: 'Since 1958.', holders: [{ rank: 1, id: 'ferrari', name: 'Ferrari', value: 16 }] },
    ],
  },
  timeline: [{ year: 1950, title: 'The championship begins', text: 'Silverstone, 13 May.' }],
};

describe('the F1 history page', () => {
  it('lists champions by era, linking to race results from 2014 and to the deciding meeting before', async () => {
    mockApi({ '/api/history': () => json(history) });
    renderWithApp(<HistoryPage />);
    const hybrid = await screen.findByRole('region', { name: 'Hybrid era 2014–2021' });
    expect(within(hybrid).getByText('V6 turbo hybrids.')).toBeInTheDocument();
    expect(within(hybrid).getByRole('link', { name: '2021 race results' })).toHaveAttribute('href', '/race-results/2021');
    expect(within(hybrid).getByRole('link', { name: '2008 Brazilian Grand Prix, where the title was decided' })).toHaveAttribute(
      'href',
      '/schedule/2008/brazilian-grand-prix',
    );
    const rows = within(hybrid).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('Max Verstappen');
    expect(rows[1]).toHaveTextContent('Mercedes · 151 points');
    const early = screen.getByRole('region', { name: 'Front-engined years 1950–1960' });
    expect(within(early).getByRole('listitem')).toHaveTextContent('none before 1958');
    expect(screen.getByText('Counted from the data up to round 11, the 2025 Austrian Grand Prix.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Eras' })).toHaveTextContent('Hybrid era 2014–2021');
  });

  it('names the last round counted and the finished races whose results are not in yet', async () => {
    mockApi({ '/api/history': () => json({ ...history, racesMissing: 10 }) });
    renderWithApp(<HistoryPage />);
    expect(await screen.findByText('Counted from the data up to round 11, the 2025 Austrian Grand Prix. Results of 10 later races are not in yet.')).toBeInTheDocument();
  });

  it('shows the records of drivers or constructors', async () => {
    mockApi({ '/api/history': () => json(history) });
    renderWithApp(<HistoryPage />);
    const titles = await screen.findByRole('region', { name: 'Most drivers’ titles' });
    expect(within(titles).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Lewis Hamilton7', '1Michael Schumacher7']);
    const constructors = screen.getByRole('button', { name: 'Constructors' });
    expect(constructors).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(constructors);
    expect(constructors).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('region', { name: 'Most constructors’ titles' })).getByRole('listitem')).toHaveTextContent('Ferrari16');
    expect(screen.getByRole('region', { name: 'Timeline' })).toHaveTextContent('The championship begins');
  });

  it('holds the space while loading and says when the history could not load', async () => {
    mockApi({ '/api/history': () => json({ message: 'The database is down' }, 503) });
    renderWithApp(<HistoryPage />);
    expect(screen.getByRole('status', { name: 'Loading the history' })).toBeInTheDocument();
    await act(async () => {});
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is down');
  });
});
