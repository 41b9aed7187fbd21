import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyVotesResponse } from '@slipstream/contract';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { MyVotes } from './MyVotes';
import { castBallot, chinaRace } from './vote.fixtures';
import { voterAccessToken } from './voterSession';

vi.mock('./voterSession', () => ({ voterAccessToken: vi.fn() }));

const australia = { ...chinaRace, raceId: 1126, round: 1, meetingName: 'Australian Grand Prix', slug: 'australian-grand-prix', countryName: 'Australia' };

describe("the profile's own votes", () => {
  beforeEach(() => {
    vi.mocked(voterAccessToken).mockResolvedValue('the-token');
  });

  it('lists the signed-in user’s votes as the server orders them, the latest first', async () => {
    const mine: MyVotesResponse = {
      votes: [
        { race: chinaRace, ...castBallot },
        { race: australia, votedAt: '2025-03-17T12:00:00.000Z', picks: { ...castBallot.picks, bestTeam: { id: 'mercedes', name: 'Mercedes', teamName: null, teamColour: '#27F4D2' } } },
      ],
    };
    const fetchMock = mockApi({ '/api/votes/mine': () => json(mine) });
    renderWithApp(<MyVotes />);
    const votes = await screen.findAllByRole('listitem');
    expect(votes.map((vote) => within(vote).getByRole('heading').textContent)).toEqual(['Chinese Grand Prix 2025', 'Australian Grand Prix 2025']);
    expect(votes[0]).toHaveTextContent('Voted on 25/03/2025');
    expect(votes[0]).toHaveTextContent('Best Point ScorerOscar Piastri (McLaren)Best Of The RestCharles Leclerc (Ferrari)Best TeamMcLaren');
    expect(votes[1]).toHaveTextContent('Best TeamMercedes');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer the-token');
  });

  it('invites a user who has not voted yet to vote', async () => {
    mockApi({ '/api/votes/mine': () => json({ votes: [] }) });
    renderWithApp(<MyVotes />);
    expect(await screen.findByText(/You have not voted yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vote on the last race' })).toHaveAttribute('href', '/vote');
  });

  it('shows nothing when nobody is signed in', async () => {
    vi.mocked(voterAccessToken).mockResolvedValue(null);
    const fetchMock = mockApi({});
    renderWithApp(<MyVotes />);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your votes' })).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
