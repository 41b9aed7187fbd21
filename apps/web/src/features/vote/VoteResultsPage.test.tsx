import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { threeVotes } from './voteFixtures';
import { Component as VoteResultsPage } from './VoteResultsPage';

describe('the vote results page', () => {
  it('shows every race that had a vote in the server’s order, each category as bars with its numbers as text', async () => {
    const australia = { ...threeVotes, totalVotes: 1, race: { ...threeVotes.race, raceId: 1126, round: 1, meetingName: 'Australian Grand Prix' } };
    mockApi({ '/api/vote/results': () => json({ races: [threeVotes, australia] }) });
    renderWithApp(<VoteResultsPage />, { path: '/vote/results' });
    const races = await screen.findAllByRole('article');
    expect(races.map((race) => within(race).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Chinese Grand Prix 2025',
      'Australian Grand Prix 2025',
    ]);
    expect(races[0]).toHaveTextContent('Round 2 · 23.03.2025 · 3 votes');
    expect(races[1]).toHaveTextContent('1 vote');
    const scorers = within(races[0]!).getByRole('region', { name: 'Best Point Scorer' });
    expect(within(scorers).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Oscar Piastri, McLaren: 67%, 2 votes',
      'Lando Norris, McLaren: 33%, 1 vote',
    ]);
  });

  it('invites the first vote when there is none yet', async () => {
    mockApi({ '/api/vote/results': () => json({ races: [] }) });
    renderWithApp(<VoteResultsPage />, { path: '/vote/results' });
    expect(await screen.findByRole('link', { name: 'Be the first to vote on the last race.' })).toHaveAttribute('href', '/vote');
  });
});
