import { screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { json, mockApi } from '../../test/api';
import { renderRouter } from '../../test/render';
import { Component as DriverPage } from './DriverPage';
import { norrisDetail } from './standings.fixtures';

/** Renders the screen on its route, /drivers/:id, with the API's answers and the server's clock at `now`. */
function renderDriverRoute(code: string, answers: Parameters<typeof mockApi>[0], now = '2025-07-05T12:00:00Z') {
  mockApi(answers);
  const router = createMemoryRouter([{ path: '/drivers/:id', element: <DriverPage /> }], {
    initialEntries: [`/drivers/${code}`],
  });
  return renderRouter(router, { clock: fixedClock(now) });
}

describe('a driver’s page', () => {
  it('says who the driver is, titled with their name', async () => {
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([norrisDetail]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lando Norris' })).toBeInTheDocument();
    expect(document.title).toBe('Lando Norris · Slipstream');
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Full name').nextSibling).toHaveTextContent('Lando Norris');
    expect(within(profile).getByText('Nationality').nextSibling).toHaveTextContent('British (United Kingdom)');
    expect(within(profile).getByText('Number').nextSibling).toHaveTextContent('4');
    expect(within(profile).getByText('Place of birth').nextSibling).toHaveTextContent('Bristol');
    expect(within(profile).getByText('Team').nextSibling).toHaveTextContent('McLaren');
    expect(screen.getByText(/P1 in the 2025 championship, 44 points/)).toBeInTheDocument();
  });

  it('says which race the standing is after while later races miss their results', async () => {
    const behind = { ...norrisDetail.standingsAfter, racesMissing: 2 };
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([{ ...norrisDetail, standingsAfter: behind }]) });
    expect(await screen.findByRole('note')).toHaveTextContent('Standings after round 12, British GP. Results of 2 later races are not in yet.');
    expect(screen.getByText(/P1 in the 2025 championship, 44 points/)).toBeInTheDocument();
  });

  it('says a driver without a standing yet is not classified, while the others have standings', async () => {
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([{ ...norrisDetail, pozitie: null, puncte: null }]) });
    expect(await screen.findByText('McLaren · not classified in the 2025 championship')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says a driver’s results are not in yet, rather than that no race was run, while the data is behind', async () => {
    const behind = { ...norrisDetail, pozitie: null, puncte: null, results: [], standingsAfter: { ...norrisDetail.standingsAfter, racesMissing: 3 } };
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([behind]) });
    expect(await screen.findAllByText('No 2025 results for Norris are in yet.')).toHaveLength(2);
    expect(screen.queryByText(/No races yet/)).toBeNull();
  });

  it('links to the pages an admin set for the driver, in a new tab', async () => {
    const links = [{ label: 'Wikipedia' as const, url: 'https://en.wikipedia.org/wiki/Lando_Norris' }];
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([{ ...norrisDetail, links }]) });
    const link = await screen.findByRole('link', { name: 'Wikipedia (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Lando_Norris');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('computes the age from the date of birth by the server’s clock', async () => {
    const { unmount } = renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([norrisDetail]) }, '2025-11-12T23:00:00Z');
    expect((await screen.findByText('Age')).nextSibling).toHaveTextContent(/^25 \(born 13\/11\/1999\)$/);
    unmount();
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([norrisDetail]) }, '2025-11-13T00:00:00Z');
    expect((await screen.findByText('Age')).nextSibling).toHaveTextContent(/^26 /);
  });

  it('shows the career numbers', async () => {
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([norrisDetail]) });
    const career = await screen.findByRole('region', { name: 'Career' });
    expect(within(career).getByText('Wins').nextSibling).toHaveTextContent('9');
    expect(within(career).getByText('World titles').nextSibling).toHaveTextContent('1');
  });

  it('lists the season race by race, each Grand Prix linking to its meeting page', async () => {
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([norrisDetail]) });
    const table = await screen.findByRole('table', { name: 'Results of 2025, race by race' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Australian Grand Prix' })).toHaveAttribute(
      'href',
      '/schedule/2025/australian-grand-prix',
    );
    expect(rows[1]!.textContent).toBe(['2', 'Chinese Grand Prix', '2', '2', '18', '8 +1'].join(''));
    expect(rows[2]).toHaveTextContent(/Japanese Grand Prix\s*PL\s*DNF\s*Collision\s*0\s*–/);
  });

  it('draws the points after each round, with the numbers in words for screen readers', async () => {
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([norrisDetail]) });
    const chart = await screen.findByRole('img', { name: 'Lando Norris: championship points after each round of 2025' });
    expect(chart).toHaveAccessibleDescription(
      'Round 1, Australian Grand Prix: 25 points; Round 2, Chinese Grand Prix: 44 points; Round 3, Japanese Grand Prix: 44 points',
    );
    const dots = [...chart.querySelectorAll('circle')];
    expect(dots.map((dot) => dot.dataset.points)).toEqual(['25', '44', '44']);
    const [first, second, third] = dots.map((dot) => ({ x: Number(dot.getAttribute('cx')), y: Number(dot.getAttribute('cy')) }));
    expect(first!.x).toBeLessThan(second!.x);
    expect(second!.x).toBeLessThan(third!.x);
    expect(second!.y).toBeLessThan(first!.y); // more points, higher up
    expect(third!.y).toBe(second!.y);
  });

  it('is a friendly not-found page for a code no driver has, leading back to the drivers', async () => {
    renderDriverRoute('XYZ', { '/api/drivers/XYZ': () => json({ message: 'No driver XYZ in the 2025 season' }, 404) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Driver not found' })).toBeInTheDocument();
    expect(screen.getByText('XYZ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all drivers' })).toHaveAttribute('href', '/drivers');
    expect(document.title).toBe('Driver not found · Slipstream');
  });

  it('treats an address that is not a driver code at all the same way', async () => {
    renderDriverRoute('max-verstappen', {
      '/api/drivers/max-verstappen': () => json({ message: 'Invalid code: a driver code such as VER' }, 400),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Driver not found' })).toBeInTheDocument();
  });

  it('offers to try again when the driver could not be loaded for another reason', async () => {
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json({ message: 'Database down' }, 500) });
    expect(await screen.findByRole('alert')).toHaveTextContent('This driver could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('marks a round whose result is still provisional', async () => {
    const results = norrisDetail.results.map((result, index) => (index === 2 ? { ...result, provisional: true } : result));
    renderDriverRoute('NOR', { '/api/drivers/NOR': () => json([{ ...norrisDetail, results }]) });
    const table = await screen.findByRole('table', { name: 'Results of 2025, race by race' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[2]!).getByText('Provisional')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Provisional')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent(/Rounds marked Provisional come from F1's live timing/);
  });
});
