import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TitleDriverEntry, TitleFightResponse } from '@slipstream/contract';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { Component as TitleFightPage } from './TitleFightPage';

const driver = (id: string, name: string, code: string, points: number, position: number, status: TitleDriverEntry['status'], extra: Partial<TitleDriverEntry> = {}): TitleDriverEntry => ({
  id,
  name,
  code,
  teamId: 'team',
  teamName: 'Team',
  position,
  points,
  pointsNow: points,
  wins: 0,
  status,
  maxPoints: points + 26,
  behind: 369.5 - points,
  ...extra,
});

const before: TitleFightResponse = {
  season: 2021,
  seasons: [2025, 2024, 2023, 2022, 2021],
  asOfRound: 21,
  lastFinishedRound: 22,
  finalRound: 22,
  live: false,
  standingsAfter: { race: null, racesMissing: 0 },
  provisional: false,
  system: { race: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], sprint: [3, 2, 1], fastestLap: 1, doubleFinale: false },
  events: [{ round: 22, kind: 'RACE', name: 'Abu Dhabi Grand Prix', date: '2021-12-12', double: false, picked: false, awaitingResults: false }],
  whatIf: '',
  drivers: [
    driver('max-verstappen', 'Max Verstappen', 'VER', 369.5, 1, 'contender'),
    driver('lewis-hamilton', 'Lewis Hamilton', 'HAM', 369.5, 2, 'contender'),
    driver('valtteri-bottas', 'Valtteri Bottas', 'BOT', 218, 3, 'eliminated'),
  ],
  constructors: [
    { id: 'mercedes', name: 'Mercedes', position: 1, points: 587.5, pointsNow: 587.5, wins: 0, status: 'contender', maxPoints: 631.5, behind: 0 },
    { id: 'red-bull', name: 'Red Bull', position: 2, points: 559.5, pointsNow: 559.5, wins: 0, status: 'contender', maxPoints: 603.5, behind: 28 },
  ],
};

const after: TitleFightResponse = {
  ...before,
  events: [{ ...before.events[0]!, picked: true }],
  whatIf: '22-VER',
  drivers: [
    driver('max-verstappen', 'Max Verstappen', 'VER', 394.5, 1, 'champion', { pointsNow: 369.5 }),
    driver('lewis-hamilton', 'Lewis Hamilton', 'HAM', 369.5, 2, 'eliminated'),
    driver('valtteri-bottas', 'Valtteri Bottas', 'BOT', 218, 3, 'eliminated'),
  ],
};

function serve() {
  return mockApi({ '/api/title-fight': (request) => json(new URL(request.url).searchParams.get('w') ? after : before) });
}

describe('the title fight page', () => {
  it('tells who is still in the fight and the standings as of the round asked', async () => {
    const fetchMock = serve();
    renderWithApp(<TitleFightPage />, { path: '/title-fight?season=2021&round=21' });
    expect(await screen.findByText('2 still in the fight for the 2021 drivers’ title: Max Verstappen, Lewis Hamilton.')).toBeInTheDocument();
    expect(screen.getByText('2 still in the fight for the 2021 constructors’ title: Mercedes, Red Bull.')).toBeInTheDocument();
    const drivers = screen.getByRole('region', { name: 'Drivers' });
    expect(within(drivers).getAllByRole('row')[1]).toHaveTextContent('Max Verstappen');
    expect(within(drivers).getAllByRole('row')[3]).toHaveTextContent('Out');
    expect(screen.getByLabelText('Standing')).toHaveValue('21');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('season=2021&round=21');
  });

  it('applies a pick through the address and shows the standings change', async () => {
    const fetchMock = serve();
    const { router } = renderWithApp(<TitleFightPage />, { path: '/title-fight?season=2021&round=21' });
    const user = userEvent.setup();
    const order = await screen.findByRole('list', { name: 'Finishing order, Round 22 · Abu Dhabi Grand Prix · Race' });
    await user.selectOptions(within(order).getByLabelText('P1'), 'VER');
    expect(router.state.location.search).toBe('?season=2021&round=21&w=22-VER');
    expect(await screen.findByText('Max Verstappen would win the 2021 drivers’ title.')).toBeInTheDocument();
    expect(screen.getByText('(+25)')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('w=22-VER'))).toBe(true);
  });

  it('offers "wins all" presets and a way to clear them', async () => {
    serve();
    const { router } = renderWithApp(<TitleFightPage />, { path: '/title-fight?season=2021&round=21' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Lewis Hamilton wins all' }));
    expect(router.state.location.search).toBe('?season=2021&round=21&w=22-HAM*');
    await user.click(await screen.findByRole('button', { name: 'Clear the what-if' }));
    expect(router.state.location.search).toBe('?season=2021&round=21');
  });

  it('counts the contenders instead of naming them while the fight is wide open', async () => {
    const names = ['Oscar Piastri', 'Lando Norris', 'Max Verstappen', 'George Russell', 'Charles Leclerc'];
    const open: TitleFightResponse = {
      ...before,
      season: 2025,
      drivers: names.map((name, i) => driver(name.toLowerCase().replace(' ', '-'), name, name.slice(-3).toUpperCase(), 216 - i * 15, i + 1, 'contender')),
    };
    mockApi({ '/api/title-fight': () => json(open) });
    renderWithApp(<TitleFightPage />, { path: '/title-fight' });
    expect(await screen.findByText('5 drivers can still win the 2025 drivers’ title. Oscar Piastri leads Lando Norris by 15 points.')).toBeInTheDocument();
  });

  it('says which race it counts up to while run races miss their results, and keeps those open', async () => {
    const behind: TitleFightResponse = {
      ...before,
      live: true,
      standingsAfter: {
        race: { raceId: 1073, season: 2021, round: 20, meetingName: 'Saudi Arabian Grand Prix', slug: 'saudi-arabian-grand-prix', date: '2021-12-05' },
        racesMissing: 1,
      },
      events: [{ ...before.events[0]!, round: 21, awaitingResults: true }],
    };
    mockApi({ '/api/title-fight': () => json(behind) });
    renderWithApp(<TitleFightPage />, { path: '/title-fight' });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Standings after round 20, Saudi Arabian GP. Results of 1 later race are not in yet. Until they are, their points count as still to play for.',
    );
    expect(screen.getByText(/Counting every race and sprint with results so far/)).toBeInTheDocument();
    expect(screen.getByText(/results not in yet/)).toBeInTheDocument();
    expect(
      screen.getByText('No title verdict from incomplete rounds: 1 raced round has no results yet. The standings count up to round 20, Saudi Arabian GP; who can still win is worked out once the results are in.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/can still win the 2021/)).toBeNull();
    expect(screen.queryByText(/still in the fight for/)).toBeNull();
    expect(screen.queryByText('In the fight')).toBeNull();
  });

  it('says nothing about missing results when none are missing', async () => {
    serve();
    renderWithApp(<TitleFightPage />, { path: '/title-fight?season=2021&round=21' });
    await screen.findByText(/still in the fight for the 2021 drivers’ title/);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(/results not in yet/)).toBeNull();
  });

  it('explains a what-if the server refuses', async () => {
    mockApi({ '/api/title-fight': () => json({ message: 'The what-if names XYZ, who is not in the 2021 standings' }, 400) });
    renderWithApp(<TitleFightPage />, { path: '/title-fight?season=2021&w=22-XYZ' });
    expect(await screen.findByRole('alert')).toHaveTextContent('XYZ');
    expect(screen.getByRole('link', { name: 'Back to the season in progress' })).toHaveAttribute('href', '/title-fight');
  });

  it('says when the standings count provisional results', async () => {
    mockApi({ '/api/title-fight': () => json({ ...before, provisional: true }) });
    renderWithApp(<TitleFightPage />, { path: '/title-fight?season=2021&round=21' });
    expect(await screen.findByRole('note')).toHaveTextContent(/^ProvisionalThese standings count results from F1's live timing/);
  });
});
