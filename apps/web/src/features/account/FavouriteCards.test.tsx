import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../../lib/auth';
import { signedInApi, testAccountSession, testProfile } from '../../test/accounts';
import { json, mockApi } from '../../test/api';
import { AFTER_HUNGARY, mclaren, piastri } from '../../test/favourites.fixtures';
import { renderWithApp } from '../../test/render';
import { FavouriteCards } from './FavouriteCards';

/** The cards beside the visitor's authentication state, to look at them once it is known. */
function CardsWithStatus() {
  const { status } = useAuth();
  return (
    <>
      <p>{status}</p>
      <FavouriteCards />
    </>
  );
}

describe('the favourite cards for Home', () => {
  it('show the favourite driver (points 0 when null) and team, linking to their standings', async () => {
    mockApi({
      ...signedInApi(testProfile({ favourites: { favDriver: 'oscar-piastri', favTeam: 'mclaren' } })),
      '/api/drivers': () => json([piastri]),
      '/api/teams': () => json([mclaren]),
    });
    renderWithApp(<FavouriteCards />, { session: testAccountSession() });
    const driverCard = await screen.findByRole('link', { name: /Your favourite driver/ });
    expect(driverCard).toHaveAttribute('href', '/drivers');
    expect(driverCard).toHaveTextContent('Oscar Piastri');
    expect(driverCard).toHaveTextContent('McLaren');
    expect(driverCard).toHaveTextContent('P2');
    expect(driverCard).toHaveTextContent('0 PTS');
    const teamCard = screen.getByRole('link', { name: /Your favourite team/ });
    expect(teamCard).toHaveAttribute('href', '/teams');
    expect(teamCard).toHaveTextContent('417 PTS');
    expect(teamCard).toHaveTextContent('Lando Norris · Oscar Piastri');
    expect(driverCard).not.toHaveTextContent('Provisional');
  });

  it('mark a standing that counts results from live timing as provisional', async () => {
    mockApi({
      ...signedInApi(testProfile({ favourites: { favDriver: 'oscar-piastri', favTeam: 'mclaren' } })),
      '/api/drivers': () => json([{ ...piastri, provisional: true }]),
      '/api/teams': () => json([mclaren]),
    });
    renderWithApp(<FavouriteCards />, { session: testAccountSession() });
    const mark = 'Provisional Counts results F1DB has not confirmed yet.';
    expect(await screen.findByRole('link', { name: /Your favourite driver/ })).toHaveTextContent(mark);
    expect(screen.getByRole('link', { name: /Your favourite team/ })).not.toHaveTextContent('Provisional');
  });

  it('say what the standing is after while later races miss their results', async () => {
    const behind = { ...AFTER_HUNGARY, racesMissing: 10 };
    mockApi({
      ...signedInApi(testProfile({ favourites: { favDriver: 'oscar-piastri', favTeam: 'mclaren' } })),
      '/api/drivers': () => json([{ ...piastri, standingsAfter: behind }]),
      '/api/teams': () => json([{ ...mclaren, standingsAfter: behind }]),
    });
    renderWithApp(<FavouriteCards />, { session: testAccountSession() });
    const note = 'Standings after round 11, Hungarian GP. Results of 10 later races are not in yet.';
    expect(await screen.findByRole('link', { name: /Your favourite driver/ })).toHaveTextContent(note);
    expect(screen.getByRole('link', { name: /Your favourite team/ })).toHaveTextContent(note);
  });

  it('invite a user without favourites to choose them', async () => {
    mockApi(signedInApi());
    renderWithApp(<FavouriteCards />, { session: testAccountSession() });
    expect(await screen.findByRole('link', { name: /Choose your favourite driver/ })).toHaveAttribute('href', '/update-profile');
    expect(screen.getByRole('link', { name: /Choose your favourite team/ })).toHaveAttribute('href', '/update-profile');
  });

  it('show nothing to a visitor who is not signed in', async () => {
    mockApi({ '/api/auth/refresh': () => json({ code: 'auth/unauthenticated', message: 'User is not authenticated' }, 401) });
    renderWithApp(<CardsWithStatus />, { session: testAccountSession() });
    await screen.findByText('anonymous');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
