import { screen, within } from '@testing-library/react';
import type { Team } from '@slipstream/contract';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '../../test/accounts';
import { json, mockApi } from '../../test/api';
import { renderWithApp, type RenderOptions } from '../../test/render';
import { Component as TeamsPage } from './TeamsPage';
import { afterHungary, team } from './standings.fixtures';

const meta = { featuredSeason: 2025, dataVersion: null };

const mclaren = team({
  _id: 'mclaren',
  name: 'McLaren',
  pozitie: 1,
  nrpuncte: 833,
  curseCastigate: 14,
  liked_by: 3,
  pilot_1: 'Lando Norris',
  pilot_2: 'Oscar Piastri',
  culoareEchipa: '#FF8000',
});
const mercedes = team({
  _id: 'mercedes',
  name: 'Mercedes',
  pozitie: 2,
  nrpuncte: 469,
  curseCastigate: 2,
  liked_by: 0,
  pilot_1: 'George Russell',
  pilot_2: 'Kimi Antonelli',
  culoareEchipa: '#27F4D2',
});

function renderTeams(teams: Team[], options: RenderOptions = {}) {
  mockApi({ '/api/meta': () => json(meta), '/api/teams': () => json(teams) });
  renderWithApp(<TeamsPage />, { path: '/teams', ...options });
}

async function teamCard(name: string) {
  const list = await screen.findByRole('list', { name: 'Teams' });
  return within(list).getByRole('link', { name: new RegExp(name) });
}

describe('the team standings', () => {
  it('are titled with the featured season and list every team, linking to /teams', async () => {
    renderTeams([mclaren, mercedes]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Formula 1 Team Standings 2025 Season' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Team standings 2025 · Slipstream');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('constructors’ championship'));
    const card = await teamCard('McLaren');
    expect(card).toHaveAttribute('href', '/teams');
    expect(card).toHaveTextContent('Position 1');
    expect(card).toHaveTextContent('Lando Norris · Oscar Piastri');
    expect(within(screen.getByRole('list', { name: 'Teams' })).getAllByRole('link')).toHaveLength(2);
  });

  it('show points with a PTS label when every team has points', async () => {
    renderTeams([mclaren, mercedes]);
    expect(await teamCard('McLaren')).toHaveTextContent('833 PTS');
    expect(await teamCard('Mercedes')).toHaveTextContent('469 PTS');
  });

  it('hide the points of every team while no team has any (before the first race)', async () => {
    renderTeams([mclaren, mercedes].map((t) => ({ ...t, pozitie: null, nrpuncte: null })));
    expect(await teamCard('McLaren')).not.toHaveTextContent(/PTS|833|No standing/);
    expect(await teamCard('Mercedes')).not.toHaveTextContent('PTS');
  });

  it('list a team without a standing unclassified, keeping the others’ points', async () => {
    renderTeams([mclaren, { ...mercedes, pozitie: null, nrpuncte: null }]);
    expect(await teamCard('McLaren')).toHaveTextContent('833 PTS');
    const unclassified = await teamCard('Mercedes');
    expect(unclassified).toHaveTextContent(/No standing yet: no classified result up to round \d+, the last with results/);
    expect(unclassified).not.toHaveTextContent(/PTS|Position/);
  });

  it('say which race the standings are after while later races miss their results', async () => {
    const behind = afterHungary(1);
    renderTeams([mclaren, mercedes].map((t) => ({ ...t, standingsAfter: behind })));
    expect(await screen.findByRole('note')).toHaveTextContent('Standings after round 11, Hungarian GP. Results of 1 later race are not in yet.');
  });

  it('show "Liked by" only above 0', async () => {
    renderTeams([mclaren, mercedes]);
    expect(await teamCard('McLaren')).toHaveTextContent('Liked by 3');
    expect(await teamCard('Mercedes')).not.toHaveTextContent('Liked by');
  });

  it('show the team principal an admin set, and nothing when none is set', async () => {
    renderTeams([{ ...mclaren, principal: 'Andrea Stella' }, mercedes]);
    expect(await teamCard('McLaren')).toHaveTextContent('Team principal Andrea Stella');
    expect(await teamCard('Mercedes')).not.toHaveTextContent('Team principal');
  });

  it('show races won when the answer has them, 0 included, and not when it is null', async () => {
    renderTeams([mclaren, { ...mercedes, curseCastigate: 0 }, team({ _id: 'cadillac', name: 'Cadillac', curseCastigate: null })]);
    expect(await teamCard('McLaren')).toHaveTextContent('Races won 14');
    expect(await teamCard('Mercedes')).toHaveTextContent('Races won 0');
    expect(await teamCard('Cadillac')).not.toHaveTextContent('Races won');
  });

  it('draw a logo badge and the car in the team colour while no pictures are set, never an image', async () => {
    renderTeams([mclaren]);
    const card = await teamCard('McLaren');
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('svg path[fill="#ff8000"]')).not.toBeNull();
    expect(card).toHaveStyle({ '--team': '#ff8000' });
  });

  it('show the logo and car photo once an admin has set them', async () => {
    renderTeams([{ ...mclaren, logo: '/media/mclaren-logo.png', masinaPoza: '/media/mclaren-car.png' }]);
    const card = await teamCard('McLaren');
    expect([...card.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/media/mclaren-logo.png',
      '/media/mclaren-car.png',
    ]);
  });

  it('highlight the visitor’s favourite team', async () => {
    renderTeams([mclaren, mercedes], { session: signedInSession({ favTeam: 'mercedes' }) });
    const favourite = await teamCard('Mercedes');
    expect(favourite).toHaveAttribute('data-favourite', 'true');
    expect(favourite).toHaveTextContent('Your team');
    expect(await teamCard('McLaren')).not.toHaveAttribute('data-favourite');
    expect(screen.getAllByText('Your team')).toHaveLength(1);
  });

  it('highlight nothing for a visitor without a favourite', async () => {
    renderTeams([mclaren, mercedes]);
    await teamCard('McLaren');
    expect(screen.queryByText('Your team')).toBeNull();
  });

  it('say so, with a way to try again, when the standings cannot load', async () => {
    mockApi({ '/api/meta': () => json(meta), '/api/teams': () => json({ message: 'Database down' }, 500) });
    renderWithApp(<TeamsPage />, { path: '/teams' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The team standings could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keep the title without a season when the season cannot be known', async () => {
    mockApi({ '/api/meta': () => json({ message: 'Error' }, 500), '/api/teams': () => json([mclaren]) });
    renderWithApp(<TeamsPage />, { path: '/teams' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Formula 1 Team Standings' })).toBeInTheDocument();
  });

  it('say when the standings count provisional results', async () => {
    renderTeams([{ ...mclaren, provisional: true }, { ...mercedes, provisional: true }]);
    expect(await screen.findByRole('note')).toHaveTextContent(/^ProvisionalThese standings count results from F1's live timing/);
  });

  it('carry no provisional note when every standing is confirmed', async () => {
    renderTeams([mclaren, mercedes]);
    await screen.findByRole('list', { name: 'Teams' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('switch to a compact table with each team’s move since the round before', async () => {
    mockApi({
      '/api/meta': () => json(meta),
      '/api/teams': () => json([mclaren, mercedes]),
      '/api/ergast/f1/2025/11/constructorStandings.json': () =>
        json({
          MRData: {
            xmlns: '',
            series: 'f1',
            url: '/api/ergast/f1/2025/11/constructorStandings.json',
            limit: '100',
            offset: '0',
            total: '2',
            StandingsTable: {
              season: '2025',
              round: '11',
              StandingsLists: [
                {
                  season: '2025',
                  round: '11',
                  ConstructorStandings: [
                    { position: '1', positionText: '1', points: '400', wins: '7', Constructor: ergastTeam('mercedes', 'Mercedes') },
                    { position: '2', positionText: '2', points: '390', wins: '13', Constructor: ergastTeam('mclaren', 'McLaren') },
                  ],
                },
              ],
            },
          },
        }),
    });
    renderWithApp(<TeamsPage />, { path: '/teams?view=table' });

    const table = await screen.findByRole('table', { name: 'Constructors’ standings' });
    expect(screen.getByRole('link', { name: 'Table' })).toHaveAttribute('aria-current', 'page');
    const [, first, second] = within(table).getAllByRole('row');
    expect(await within(first!).findByText('up 1 place')).toBeInTheDocument();
    expect(first).toHaveTextContent(/^1▲1up 1 placeMcLarenLando Norris · Oscar Piastri83314$/);
    expect(second).toHaveTextContent(/^2▼1down 1 placeMercedes.*4692$/);
  });
});

function ergastTeam(constructorId: string, name: string) {
  return { constructorId, url: 'https://en.wikipedia.org/wiki/Special:Search/Team', name, nationality: 'British' };
}
