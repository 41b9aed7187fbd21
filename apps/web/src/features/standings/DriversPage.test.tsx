import { screen, within } from '@testing-library/react';
import type { Driver } from '@slipstream/contract';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '../../test/accounts';
import { json, mockApi } from '../../test/api';
import { renderWithApp, type RenderOptions } from '../../test/render';
import { Component as DriversPage } from './DriversPage';
import { afterHungary, driver } from './standings.fixtures';

const meta = { featuredSeason: 2025, dataVersion: null };

const norris = driver({
  _id: 'lando-norris',
  primulNume: 'Lando',
  alDoileaNume: 'Norris',
  code: 'NOR',
  pozitie: 1,
  puncte: 423,
  nrFani: 12,
  number: '4',
  echipa: 'McLaren',
});
const verstappen = driver({
  _id: 'max-verstappen',
  primulNume: 'Max',
  alDoileaNume: 'Verstappen',
  code: 'VER',
  pozitie: 2,
  puncte: 421,
  number: '1',
  echipa: 'Red Bull',
  culoare: '#3671C6',
  steag: '/api/flags/nl.svg',
  nationality: 'Dutch',
});
const bortoleto = driver({
  _id: 'gabriel-bortoleto',
  primulNume: 'Gabriel',
  alDoileaNume: 'Bortoleto',
  code: 'BOR',
  pozitie: 3,
  puncte: 124,
  echipa: 'Kick Sauber',
});
const colapinto = driver({
  _id: 'franco-colapinto',
  primulNume: 'Franco',
  alDoileaNume: 'Colapinto',
  code: 'COL',
  pozitie: 4,
  puncte: 123,
  number: null,
  echipa: 'Alpine',
});

function renderDrivers(drivers: Driver[], options: RenderOptions = {}) {
  const fetchMock = mockApi({ '/api/meta': () => json(meta), '/api/drivers': () => json(drivers) });
  renderWithApp(<DriversPage />, { path: '/drivers', ...options });
  return fetchMock;
}

async function driverCard(surname: string) {
  const list = await screen.findByRole('list', { name: 'Drivers' });
  return within(list).getByRole('link', { name: new RegExp(surname) });
}

describe('the driver standings', () => {
  it('are titled with the featured season and load the drivers best first', async () => {
    const fetchMock = renderDrivers([norris, verstappen]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Formula 1 Driver Standings 2025 Season' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Driver standings 2025 · Slipstream');
    const driversCall = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/drivers'));
    expect(driversCall).toBe('/api/drivers?order=asc');
  });

  it('show each driver’s position, name, team, flag and points, linking to their page by code', async () => {
    renderDrivers([norris, verstappen]);
    const card = await driverCard('Verstappen');
    expect(card).toHaveAttribute('href', '/drivers/VER');
    expect(card).toHaveTextContent('Position 2');
    expect(card).toHaveTextContent('Max');
    expect(card).toHaveTextContent('Red Bull');
    expect(card).toHaveTextContent('421 PTS');
    expect(within(card).getByRole('img', { name: 'Dutch' })).toHaveAttribute('src', '/api/flags/nl.svg');
  });

  it('stand in for a missing photo with the driver’s number, or initials without one, in team colour', async () => {
    renderDrivers([norris, colapinto]);
    const norrisCard = await driverCard('Norris');
    expect(norrisCard.querySelector('img:not([alt="British"])')).toBeNull();
    expect(norrisCard.querySelector('[style*="--team"]')).toHaveTextContent('4');
    expect((await driverCard('Colapinto')).querySelector('[style*="--team"]')).toHaveTextContent('FC');
  });

  it('show the fans’ heart count only above 0', async () => {
    renderDrivers([norris, verstappen]);
    expect(await driverCard('Norris')).toHaveTextContent('12 fans');
    expect(await driverCard('Verstappen')).not.toHaveTextContent('fan');
  });

  it('show the gap to the leader, by their first three letters, only under 300 points and not on the leader', async () => {
    renderDrivers([norris, verstappen, bortoleto, colapinto]); // 2, 299 and 300 points behind
    expect(await driverCard('Norris')).not.toHaveTextContent('Gap');
    expect(await driverCard('Verstappen')).toHaveTextContent('Gap to NOR: -2p');
    expect(await driverCard('Bortoleto')).toHaveTextContent('Gap to NOR: -299p');
    expect(await driverCard('Colapinto')).not.toHaveTextContent('Gap');
  });

  it('hide positions, points and gaps for every driver while no driver has a standing (before the first race)', async () => {
    const unplaced = { pozitie: null, puncte: null, standingsAfter: { race: null, racesMissing: 0 } };
    renderDrivers([norris, verstappen, bortoleto].map((d) => ({ ...d, ...unplaced })));
    for (const surname of ['Norris', 'Verstappen', 'Bortoleto']) {
      const card = await driverCard(surname);
      expect(card).not.toHaveTextContent(/Position|PTS|Gap|No standing/);
    }
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('list a driver without a standing last, unclassified, and keep everyone else’s position, points and gap', async () => {
    renderDrivers([norris, verstappen, { ...bortoleto, pozitie: null, puncte: null }]);
    const cards = within(await screen.findByRole('list', { name: 'Drivers' })).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/drivers/NOR', '/drivers/VER', '/drivers/BOR']);
    expect(await driverCard('Norris')).toHaveTextContent('Position 1');
    expect(await driverCard('Norris')).toHaveTextContent('423 PTS');
    expect(await driverCard('Verstappen')).toHaveTextContent('Gap to NOR: -2p');
    const unclassified = await driverCard('Bortoleto');
    expect(unclassified).toHaveTextContent(/No standing yet: no classified result up to round \d+, the last with results/);
    expect(unclassified).not.toHaveTextContent(/Position|PTS|Gap/);
  });

  it('say which race the standings are after while later races miss their results', async () => {
    const behind = afterHungary(10);
    renderDrivers([norris, verstappen].map((d) => ({ ...d, standingsAfter: behind })));
    expect(await screen.findByRole('note')).toHaveTextContent('Standings after round 11, Hungarian GP. Results of 10 later races are not in yet.');
    expect(await driverCard('Norris')).toHaveTextContent('423 PTS');
  });

  it('say nothing about missing results when none are missing', async () => {
    renderDrivers([norris, verstappen]);
    await driverCard('Norris');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('highlight the visitor’s favourite driver', async () => {
    renderDrivers([norris, verstappen], { session: signedInSession({ favDriver: 'max-verstappen' }) });
    expect(await driverCard('Verstappen')).toHaveAttribute('data-favourite', 'true');
    expect(await driverCard('Verstappen')).toHaveTextContent('Your driver');
    expect(await driverCard('Norris')).not.toHaveAttribute('data-favourite');
  });

  it('invite an anonymous visitor to sign up to pick a favourite driver', async () => {
    renderDrivers([norris]);
    await driverCard('Norris');
    expect(screen.getByRole('link', { name: 'Sign up to pick your favourite driver' })).toHaveAttribute('href', '/signup');
  });

  it('send a signed-in visitor to update their profile instead', async () => {
    renderDrivers([norris], { session: signedInSession() });
    expect(await screen.findByRole('link', { name: 'Pick your favourite driver in your profile' })).toHaveAttribute(
      'href',
      '/update-profile',
    );
    expect(screen.queryByRole('link', { name: /sign up/i })).toBeNull();
  });

  it('tell a signed-in visitor who has a favourite where to change it, not to pick one', async () => {
    renderDrivers([norris], { session: signedInSession({ favDriver: 'lando-norris' }) });
    expect(await screen.findByRole('link', { name: 'Change your favourite driver in your profile' })).toHaveAttribute('href', '/update-profile');
    expect(screen.queryByRole('link', { name: /Pick your favourite|sign up/i })).toBeNull();
  });

  it('say so, with a way to try again, when the standings cannot load', async () => {
    mockApi({ '/api/meta': () => json(meta), '/api/drivers': () => json({ message: 'Database down' }, 500) });
    renderWithApp(<DriversPage />, { path: '/drivers' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The driver standings could not be loaded.');
  });

  it('say when the standings count provisional results', async () => {
    renderDrivers([{ ...norris, provisional: true }, { ...verstappen, provisional: true }]);
    expect(await screen.findByRole('note')).toHaveTextContent(/^ProvisionalThese standings count results from F1's live timing/);
  });
});
