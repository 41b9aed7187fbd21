import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { Component as SchedulePage } from './SchedulePage';
import { abuDhabiGrandPrix, britishGrandPrix, chineseGrandPrix, lasVegasGrandPrix } from '../../test/meetings.fixtures';

const meta = { featuredSeason: 2025, dataVersion: null };
const meetings = [chineseGrandPrix, britishGrandPrix, lasVegasGrandPrix, abuDhabiGrandPrix];

describe('the schedule page', () => {
  it('leads with the current round, lists every round and opens the calendar on the current month', async () => {
    mockApi({
      '/api/meta': () => json(meta),
      '/api/seasons/2025/meetings': () => json({ season: 2025, meetings }),
    });
    renderWithApp(<SchedulePage />, { path: '/schedule' });

    const hero = await screen.findByRole('region', { name: 'Round 12: British Grand Prix' });
    expect(hero).toHaveTextContent('All times are shown in your local time zone');
    expect(screen.getByRole('heading', { level: 1, name: 'Formula 1 Schedule 2025 Season' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Schedule 2025 · /);

    const rounds = screen.getByRole('region', { name: 'All 4 rounds' });
    const links = within(rounds).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/schedule/2025/chinese-grand-prix',
      '/schedule/2025/british-grand-prix',
      '/schedule/2025/las-vegas-grand-prix',
      '/schedule/2025/abu-dhabi-grand-prix',
    ]);
    expect(links[1]).toHaveAttribute('aria-current', 'true');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    expect(links[0]).toHaveTextContent('Done');
    expect(links[0]).toHaveTextContent('Sprint');
    expect(links[1]).toHaveTextContent('This weekend');

    const calendar = screen.getByRole('region', { name: 'Calendar' });
    expect(within(calendar).getByRole('table')).toHaveAccessibleName('July 2025');
  });

  it('offers to try again when the schedule cannot be loaded', async () => {
    mockApi({ '/api/meta': () => json(meta), '/api/seasons/2025/meetings': () => json({ message: 'Error' }, 500) });
    renderWithApp(<SchedulePage />, { path: '/schedule' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The schedule could not be loaded.');
  });
});
