import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompareDriverOption, CompareResponse } from '@slipstream/contract';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { Component as ComparePage } from './ComparePage';

const options: CompareDriverOption[] = [
  { id: 'max-verstappen', name: 'Max Verstappen', from: 2015, to: 2025 },
  { id: 'sergio-perez', name: 'Sergio Pérez', from: 2011, to: 2024 },
];

const duel: CompareResponse = {
  season: 2023,
  sharedSeasons: [2024, 2023, 2022, 2021],
  a: { id: 'max-verstappen', name: 'Max Verstappen', countryCode: 'NL', teams: ['Red Bull'], stats: { starts: 22, points: 575, wins: 19, poles: 13, podiums: 21, retirements: 0, averageFinish: 1.27 } },
  b: { id: 'sergio-perez', name: 'Sergio Pérez', countryCode: 'MX', teams: ['Red Bull'], stats: { starts: 22, points: 285, wins: 2, poles: 2, podiums: 9, retirements: 2, averageFinish: 4.5 } },
  headToHead: { qualifying: { races: 21, a: 19, b: 2 }, race: { races: 22, a: 20, b: 2 } },
  progression: {
    axis: 'round',
    points: [
      { at: 1, label: 'Bahrain Grand Prix', a: 25, b: 18 },
      { at: 2, label: 'Saudi Arabian Grand Prix', a: 44, b: 43 },
    ],
  },
  definitions: { qualifying: 'Qualifying: both classified.', race: 'Race: both started.' },
};

function serve(answer = () => json(duel)) {
  return mockApi({ '/api/compare/drivers': () => json(options), '/api/compare': answer });
}

describe('the compare page', () => {
  it('asks for two drivers, then compares them once both are picked from the search list', async () => {
    const fetchMock = serve();
    const { router } = renderWithApp(<ComparePage />, { path: '/compare' });
    expect(screen.getByText('Pick two drivers to see them side by side.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First driver'), 'Max Verstappen (2015–2025)');
    await user.type(screen.getByLabelText('Second driver'), 'sergio pérez');
    expect(await screen.findByRole('heading', { level: 2, name: /Max Verstappen vs Sergio Pérez/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?a=max-verstappen&b=sergio-perez');
    const call = fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.includes('/api/compare?'));
    expect(call).toContain('a=max-verstappen');
    expect(call).not.toContain('season');
  });

  it('shows the duels, the numbers with the better side marked, and the chart with its table', async () => {
    serve();
    renderWithApp(<ComparePage />, { path: '/compare?a=max-verstappen&b=sergio-perez&season=2023' });
    const duels = await screen.findByRole('region', { name: 'Head to head' });
    expect(duels).toHaveTextContent('Max Verstappen 19 – 2 Sergio Pérez (21 counted)');
    expect(duels).toHaveTextContent('Race: both started.');
    const numbers = screen.getByRole('region', { name: 'In numbers' });
    const retirements = within(numbers).getByRole('row', { name: /Retirements/ });
    // Fewer retirements is better: Verstappen's 0 is marked.
    expect(within(retirements).getByText('0').className).toMatch(/better/);
    expect(within(within(numbers).getByRole('row', { name: /Starts/ })).getAllByText('22')[0]!.className).not.toMatch(/better/);
    const chart = screen.getByRole('region', { name: 'Points through 2023' });
    expect(within(chart).getByRole('img', { name: /Cumulative points of Max Verstappen and Sergio Pérez/ })).toBeInTheDocument();
    expect(within(chart).getByRole('row', { name: /2 · Saudi Arabian Grand Prix/ })).toHaveTextContent('4443');
    expect(screen.getByLabelText('Over')).toHaveValue('2023');
    expect(screen.getByRole('option', { name: 'The 2021 season' })).toBeInTheDocument();
  });

  it('says why a comparison cannot be made', async () => {
    serve(() => json({ message: 'Sergio Pérez did not race in 2025' }, 404));
    renderWithApp(<ComparePage />, { path: '/compare?a=max-verstappen&b=sergio-perez&season=2025' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sergio Pérez did not race in 2025');
  });
});
